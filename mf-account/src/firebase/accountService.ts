/**
 * mf-account's account service: Firebase Auth (email + password) and the user's own record in the
 * Realtime Database, behind a small framework-free API whose failures are AccountErrors with stable
 * kinds. Only the modular entry points firebase/app, firebase/auth and firebase/database are imported
 * (no Analytics, no popup/redirect resolver), so bundles carry only what is used.
 *
 * Assembled from one module per concern: the connection (firebaseConnection), Auth calls
 * (authOperations), the own record (recordOperations) and the wish list (wishlistOperations).
 */
import type { AccountService, AccountServiceOptions } from './accountTypes.ts';
import { createAuthOperations } from './authOperations.ts';
import { parseFirebaseConfig } from './config.ts';
import { connectFirebase, disconnectFirebase } from './firebaseConnection.ts';
import { createRecordOperations } from './recordOperations.ts';
import { createWishlistOperations } from './wishlistOperations.ts';

export type { AccountService, AccountServiceOptions, AccountUser, SignUpInput } from './accountTypes.ts';
export { releaseAuthTimers } from './firebaseConnection.ts';
export { recordFromSignUp } from './recordOperations.ts';

/** Opens the Firebase app named in `options` and returns the account service working on it. */
export function createAccountService(configInput: unknown, options: AccountServiceOptions = {}): AccountService {
  const config = parseFirebaseConfig(configInput);
  const timeoutMs = options.databaseTimeoutMs ?? 10_000;
  const connection = connectFirebase(config, options.appName ?? 'mf-account', options.persistence);
  return {
    config,
    ...createAuthOperations(connection.auth),
    ...createRecordOperations(connection.auth, connection.db, timeoutMs),
    ...createWishlistOperations(connection.db, timeoutMs),
    dispose: () => disconnectFirebase(connection),
  };
}
