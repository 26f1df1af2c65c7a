export { spansOf, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlpReceiver.ts';
