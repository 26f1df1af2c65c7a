/**
 * mf-account's account service: Firebase Auth (email + password) and the user's own record in the
 * Realtime Database, behind a small framework-free API whose failures are AccountErrors with stable
 * kinds. Only the modular entry points firebase/app, firebase/auth and firebase/database are imported
 * (no Analytics, no popup/redirect resolver), so bundles carry only what is used.
 */
import { deleteApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  inMemoryPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateProfile,
  verifyPasswordResetCode,
  type Auth,
  type Persistence,
  type User,
} from 'firebase/auth';
import { connectDatabaseEmulator, get, getDatabase, onValue, ref, set, update, type Database } from 'firebase/database';
import { parseFirebaseConfig, type FirebaseRuntimeConfig } from './config.ts';
import { AccountError, toAccountError } from './errors.ts';
import { wishlistChanges, wishlistIds, wishlistPath, type WishlistChanges } from './wishlistRecord.ts';
import { UserRecordPatchSchema, UserRecordSchema, userRecordPath, type UserRecord, type UserRecordPatch } from './userRecord.ts';

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

function toAccountUser(user: User): AccountUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

function splitHost(hostAndPort: string): { host: string; port: number } {
  const i = hostAndPort.lastIndexOf(':');
  return { host: hostAndPort.slice(0, i).replace(/^\[(.*)\]$/, '$1'), port: Number(hostAndPort.slice(i + 1)) };
}

function persistenceFor(kind: AccountServiceOptions['persistence']): Persistence[] {
  switch (kind ?? 'local') {
    case 'memory':
      return [inMemoryPersistence];
    case 'session':
      return [browserSessionPersistence, inMemoryPersistence];
    default:
      // The first one available wins (no IndexedDB/localStorage in Node: memory).
      return [indexedDBLocalPersistence, browserLocalPersistence, inMemoryPersistence];
  }
}

/** Rejects with AccountError("unavailable") if `promise` has not settled within `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AccountError('unavailable', undefined, { code: `timeout:${what}` })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The database SDK marks WebSockets as failed in localStorage when it opens one and clears the
 * mark once the connection proves healthy; a page left before that (a quick navigation while the
 * sign-in token is checked) leaves the mark, and every later page of the shop then starts with
 * long polling. Long polling loads scripts from the database's origin, which the shop's CSP
 * forbids, so such a page would get no data at all: WebSocket is the only transport that works here.
 */
function forgetWebSocketFailure(): void {
  try {
    globalThis.localStorage?.removeItem('firebase:previous_websocket_failure');
  } catch {
    // Storage blocked: the SDK then keeps its own marks in memory, per page.
  }
}

/**
 * deleteApp() leaves the Auth SDK's proactive token-refresh timer running when the database had
 * subscribed to token changes (firebase 12), which keeps a Node process (jest) alive for up to an hour.
 * Stop it through the SDK's internal hook when present; harmless in browsers.
 */
export function releaseAuthTimers(auth: Auth): void {
  (auth as unknown as { _stopProactiveRefresh?: () => void })._stopProactiveRefresh?.();
}

/** The record written at sign-up: username is the first name; the rest is stored for checkout prefill. */
export function recordFromSignUp(form: SignUpInput): UserRecord {
  return {
    username: form.firstName.trim(),
    email: form.email.trim(),
    lastName: form.lastName.trim(),
    telephone: form.telephone.trim(),
    address1: form.address1.trim(),
    address2: form.address2.trim(),
    city: form.city.trim(),
    postCode: form.postCode.trim(),
    country: form.country.trim(),
    region: form.region.trim(),
    newsletter: form.newsletter,
  };
}

export function createAccountService(configInput: unknown, options: AccountServiceOptions = {}): AccountService {
  const config = parseFirebaseConfig(configInput);
  const appName = options.appName ?? 'mf-account';
  const timeoutMs = options.databaseTimeoutMs ?? 10_000;
  if (getApps().some((a) => a.name === appName)) {
    throw new Error(`An account service named "${appName}" already exists; dispose() it first or pass another appName.`);
  }
  const app: FirebaseApp = initializeApp(
    {
      apiKey: config.apiKey,
      projectId: config.projectId,
      databaseURL: config.databaseURL,
      ...(config.authDomain ? { authDomain: config.authDomain } : {}),
      ...(config.appId ? { appId: config.appId } : {}),
    },
    appName,
  );
  const auth: Auth = initializeAuth(app, { persistence: persistenceFor(options.persistence) });
  if (config.authEmulatorHost) connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
  forgetWebSocketFailure();
  const db: Database = getDatabase(app);
  if (config.databaseEmulatorHost) {
    const { host, port } = splitHost(config.databaseEmulatorHost);
    connectDatabaseEmulator(db, host, port);
  }

  function recordRef(uid: string) {
    try {
      return ref(db, userRecordPath(uid));
    } catch {
      throw new AccountError('invalid-data', 'Invalid user id.');
    }
  }

  async function guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      throw toAccountError(e);
    }
  }

  return {
    config,

    signUp: (form) =>
      guard(async () => {
        const parsed = UserRecordSchema.safeParse(recordFromSignUp(form));
        if (!parsed.success) {
          throw new AccountError('invalid-data', undefined, { code: parsed.error.issues.map((i) => i.path.join('.')).join(',') });
        }
        const record = parsed.data;
        const credential = await createUserWithEmailAndPassword(auth, record.email, form.password);
        try {
          await withTimeout(set(recordRef(credential.user.uid), record), timeoutMs, 'write user record');
        } catch (e) {
          // Do not leave an account without its record: undo, so the shopper can simply try again.
          await deleteUser(credential.user).catch(() => undefined);
          throw e;
        }
        // The display name lets the header greet the shopper without reading the database; the record
        // stays the source of truth, so a failure here is not a failed sign-up.
        await updateProfile(credential.user, { displayName: record.username }).catch(() => undefined);
        return { user: toAccountUser(credential.user), record };
      }),

    signIn: (email, password) => guard(async () => toAccountUser((await signInWithEmailAndPassword(auth, email.trim(), password)).user)),

    sendReset: (email) =>
      guard(async () => {
        try {
          await sendPasswordResetEmail(auth, email.trim());
        } catch (e) {
          const code = (e as { code?: unknown } | null)?.code;
          if (code === 'auth/user-not-found') return; // same answer as for a known address
          throw e;
        }
      }),

    verifyResetCode: (code) => guard(() => verifyPasswordResetCode(auth, code)),

    confirmReset: (code, newPassword) => guard(() => confirmPasswordReset(auth, code, newPassword)),

    signOut: () => guard(() => firebaseSignOut(auth)),

    onUser: (callback) => onAuthStateChanged(auth, (user) => callback(user ? toAccountUser(user) : null)),

    currentUser: () => (auth.currentUser ? toAccountUser(auth.currentUser) : null),

    getIdToken: (forceRefresh = false) => guard(async () => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null)),

    readOwnRecord: (uid) =>
      guard(async () => {
        const snapshot = await withTimeout(get(recordRef(uid)), timeoutMs, 'read user record');
        const value: unknown = snapshot.val();
        if (!value || typeof value !== 'object') return null;
        // The wish list lives under the record but is not part of it (followWishlist reads it).
        const { wishlist: _wishlist, ...record } = value as UserRecord & { wishlist?: unknown };
        return record;
      }),

    updateOwnRecord: (uid, patch) =>
      guard(async () => {
        const parsed = UserRecordPatchSchema.safeParse(patch);
        if (!parsed.success) {
          throw new AccountError('invalid-data', undefined, { code: parsed.error.issues.map((i) => i.path.join('.')).join(',') });
        }
        if (Object.keys(parsed.data).length === 0) return;
        await withTimeout(update(recordRef(uid), parsed.data), timeoutMs, 'update user record');
        const current = auth.currentUser;
        if (parsed.data.username !== undefined && current?.uid === uid && current.displayName !== parsed.data.username) {
          await updateProfile(current, { displayName: parsed.data.username }).catch(() => undefined);
        }
      }),

    followWishlist(uid, onIds, onError) {
      let target;
      try {
        target = ref(db, wishlistPath(uid));
      } catch {
        onError(new AccountError('invalid-data', 'Invalid user id.'));
        return () => undefined;
      }
      return onValue(
        target,
        (snapshot) => onIds(wishlistIds(snapshot.val())),
        (error) => onError(toAccountError(error)),
      );
    },

    changeWishlist: (uid, changes) =>
      guard(async () => {
        const patch = wishlistChanges(changes);
        if (Object.keys(patch).length === 0) return;
        await withTimeout(update(ref(db, wishlistPath(uid)), patch), timeoutMs, 'change wish list');
      }),

    dispose: async () => {
      await deleteApp(app);
      releaseAuthTimers(auth);
    },
  };
}
