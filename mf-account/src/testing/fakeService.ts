/**
 * A stand-in for the Firebase account service, for component tests: jest.mock() replaces
 * src/auth/firebaseConnection.ts (the module boundary to Firebase) with one that hands this out.
 */
import type { AccountService, AccountUser, SignUpInput } from '../firebase/accountService.ts';
import { AccountError } from '../firebase/errors.ts';
import type { UserRecord, UserRecordPatch } from '../firebase/userRecord.ts';

export interface FakeService extends AccountService {
  /** Firebase reports a change of user (as onAuthStateChanged would). */
  emit(user: AccountUser | null): void;
  records: Map<string, UserRecord>;
  signIn: jest.Mock<Promise<AccountUser>, [string, string]>;
  signUp: jest.Mock<Promise<{ user: AccountUser; record: UserRecord }>, [SignUpInput]>;
  sendReset: jest.Mock<Promise<void>, [string]>;
  verifyResetCode: jest.Mock<Promise<string>, [string]>;
  confirmReset: jest.Mock<Promise<void>, [string, string]>;
  signOut: jest.Mock<Promise<void>, []>;
  readOwnRecord: jest.Mock<Promise<UserRecord | null>, [string]>;
  updateOwnRecord: jest.Mock<Promise<void>, [string, UserRecordPatch]>;
}

export function createFakeService(): FakeService {
  let current: AccountUser | null = null;
  const listeners = new Set<(user: AccountUser | null) => void>();
  const records = new Map<string, UserRecord>();
  const emit = (user: AccountUser | null) => {
    current = user;
    for (const listener of [...listeners]) listener(user);
  };
  const fake = {
    config: { apiKey: 'demo-api-key', projectId: 'demo-test', databaseURL: 'http://127.0.0.1:9000?ns=demo-test' },
    emit,
    records,
    signIn: jest.fn(async (email: string) => {
      const user = { uid: 'u1', email: email.trim(), displayName: 'Ann' };
      emit(user);
      return user;
    }),
    signUp: jest.fn(async (input: SignUpInput) => {
      const user = { uid: 'u2', email: input.email, displayName: input.firstName };
      const record: UserRecord = { username: input.firstName, email: input.email };
      records.set(user.uid, record);
      emit(user);
      return { user, record };
    }),
    sendReset: jest.fn(async () => undefined),
    verifyResetCode: jest.fn(async () => 'ann@example.com'),
    confirmReset: jest.fn(async () => undefined),
    signOut: jest.fn(async () => emit(null)),
    onUser: (callback: (user: AccountUser | null) => void) => {
      listeners.add(callback);
      queueMicrotask(() => callback(current));
      return () => listeners.delete(callback);
    },
    currentUser: () => current,
    getIdToken: async () => (current ? 'header.payload.signature' : null),
    readOwnRecord: jest.fn(async (uid: string) => {
      if (current?.uid !== uid) throw new AccountError('permission_denied');
      return records.get(uid) ?? null;
    }),
    updateOwnRecord: jest.fn(async (uid: string, patch: UserRecordPatch) => {
      const existing = records.get(uid);
      records.set(uid, { ...(existing ?? { username: '', email: '' }), ...patch } as UserRecord);
    }),
    // The account's wish list: empty and quiet; the sync itself is tested in src/wishlist.
    followWishlist: (_uid: string, onIds: (ids: number[]) => void) => {
      queueMicrotask(() => onIds([]));
      return () => undefined;
    },
    changeWishlist: async () => undefined,
    dispose: async () => undefined,
  };
  return fake as unknown as FakeService;
}
