export { spansOf, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlpReceiver.ts';
export { startFirebaseKeys, type FirebaseKeys } from './firebaseKeys.ts';
export { startFakeIdentityToolkit, type FakeAccount, type FakeIdentityToolkit } from './fakeIdentityToolkit.ts';
