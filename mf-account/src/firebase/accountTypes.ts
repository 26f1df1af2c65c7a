/**
 * The account service's public shapes, in a module of their own so the service and the operation
 * modules it is assembled from (authOperations, recordOperations) can share them without a cycle.
 */
import type { FirebaseRuntimeConfig } from './config.ts';
import type { AccountError } from './errors.ts';
import type { UserRecord, UserRecordPatch } from './userRecord.ts';
import type { WishlistChanges } from './wishlistRecord.ts';

/** The sign-up form as the service needs it (already validated by src/forms/signup.ts). */
export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  address1: string;
  address2: string;
  city: string;
  postCode: string;
  country: string;
  region: string;
  newsletter: boolean;
  password: string;
}

export interface AccountUser {
  uid: string;
  email: string | null;
  /** Firebase Auth's display name: the record's username (first name), kept in step by signUp/updateOwnRecord. */
  displayName: string | null;
}

export interface AccountServiceOptions {
  /** Firebase app name; one service per name at a time. Default "mf-account". */
  appName?: string;
  /** Where the signed-in session survives: "local" (default, across restarts), "session" (tab), "memory". */
  persistence?: 'local' | 'session' | 'memory';
  /** Database reads/writes fail with kind "unavailable" after this long without an answer. Default 10 s. */
  databaseTimeoutMs?: number;
}

export interface AccountService {
  readonly config: FirebaseRuntimeConfig;
  /** Creates the account, then writes users/{uid}; if the write fails the new account is deleted again. */
  signUp(form: SignUpInput): Promise<{ user: AccountUser; record: UserRecord }>;
  signIn(email: string, password: string): Promise<AccountUser>;
  /**
   * Firebase's own reset mail, for a checkout service that does not send the shop's yet (see
   * auth/passwordReset.ts). Succeeds for unknown emails too: never reveals whether an account exists.
   */
  sendReset(email: string): Promise<void>;
  /**
   * The e-mail address of the account a password-reset code (the `oobCode` of the reset mail's link)
   * is for; rejects with kind "invalid-action-code" when the code is expired, used or unknown. The
   * mail itself is the checkout service's (auth/passwordReset.ts asks for it), not Firebase's.
   */
  verifyResetCode(code: string): Promise<string>;
  /** Sets the account's new password with a reset code (which it uses up). */
  confirmReset(code: string, newPassword: string): Promise<void>;
  signOut(): Promise<void>;
  /** Called with the current user (or null) now and on every change; returns the unsubscribe function. */
  onUser(callback: (user: AccountUser | null) => void): () => void;
  currentUser(): AccountUser | null;
  /** Firebase ID token of the signed-in user (for servers that verify it), or null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  /** users/{uid}, or null when there is none. Only the signed-in user's own uid is readable. */
  readOwnRecord(uid: string): Promise<UserRecord | null>;
  /** Updates some fields of users/{uid}. Changing `email` here does not change the sign-in email. */
  updateOwnRecord(uid: string, patch: UserRecordPatch): Promise<void>;
  /**
   * Follows users/{uid}/wishlist: `onIds` gets its product ids, newest first, now and on every change
   * (another device, another tab); `onError` when the database refuses or drops the listen.
   */
  followWishlist(uid: string, onIds: (ids: number[]) => void, onError: (error: AccountError) => void): () => void;
  /** Adds (with when) and removes products in users/{uid}/wishlist, leaving the others alone. */
  changeWishlist(uid: string, changes: WishlistChanges): Promise<void>;
  /** Releases the Firebase app (connections, timers). */
  dispose(): Promise<void>;
}
