/**
 * The page's auth state, owned by mf-account: what the header shows, what the bus says
 * ('auth:changed'), and the doorway to the account service for the screens.
 *
 * Start-up is cheap on purpose (the header loads on every page): the state comes from the
 * localStorage hint at once, and Firebase (some 100 KB) is loaded only
 *   - after the page is live, has loaded and gone idle, when the hint says someone is signed in (to confirm
 *     it, publish the real state and sync the ID token with the checkout service),
 *   - when a screen needs it (login, sign-up, account pages), or
 *   - on the first interaction with the account menu.
 * A visitor without a hint is reported as signed out straight away; Firebase corrects that if it
 * knows better once it loads. The hinted user is never published before Firebase confirms it, so
 * other remotes only ever act on a confirmed user.
 *
 * This module must stay free of Firebase and zod imports (types only): it is in the header's chunk.
 */
import type { AuthUser, IdTokenOptions } from 'shared-events';
import type { AccountService, SignUpInput } from '../firebase/accountService.ts';
import { toAccountError } from '../firebase/errors.ts';
import type { UserRecord, UserRecordPatch } from '../firebase/userRecord.ts';
import type { AuthHint } from './authHint.ts';
import { SessionStateStore, type AccountSessionState } from './sessionState.ts';
import { SignedInUser } from './signedInUser.ts';
import type { FirebaseAnswers } from './firebaseAnswers.ts';
import type { SyncOutcome } from './tokenSync.ts';

export type { AccountSessionState, ConnectProblem } from './sessionState.ts';

export interface AccountSessionDeps {
  loadService(): Promise<AccountService>;
  publish(user: AuthUser | null): void;
  /** Hands the shopper's own record to other remotes (checkout prefills its billing form from it). */
  publishProfile(uid: string, record: UserRecord | null): void;
  /** What follows Firebase's answers, with the checkout session's sync: loaded with the account service. */
  loadAnswers(): Promise<(store: SessionStateStore, service: AccountService) => FirebaseAnswers>;
  /** Asks the shop to mail a password-reset link (auth/passwordReset.ts): no Firebase needed. */
  requestReset(email: string): Promise<'sent' | 'not-offered'>;
  readHint(): AuthHint | null;
  writeHint(hint: AuthHint | null): void;
  onHintChangedElsewhere(listener: (hint: AuthHint | null) => void): () => void;
  /** Runs `task` once the page is live, has loaded and is idle. */
  whenIdle(task: () => void): void;
}

export interface AccountSession {
  getState(): AccountSessionState;
  subscribe(listener: () => void): () => void;
  /** Reads the hint and plans the rest; idempotent. Runs when any account module loads. */
  start(): void;
  /** Loads and starts the account service now (idempotent). Rejects with AccountError. */
  connect(): Promise<AccountService>;
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(input: SignUpInput): Promise<{ user: AuthUser; record: UserRecord }>;
  /** Asks for the reset mail; rejects with AccountError. Never says whether the account exists. */
  sendReset(email: string): Promise<void>;
  /** The e-mail of the account a reset link's code is for; rejects with AccountError ("invalid-action-code"). */
  verifyResetCode(code: string): Promise<string>;
  /** Sets the new password with the reset link's code. */
  confirmReset(code: string, newPassword: string): Promise<void>;
  signOut(): Promise<void>;
  /** The signed-in user's own users/{uid}; rejects with AccountError. */
  readOwnRecord(): Promise<UserRecord | null>;
  updateOwnRecord(patch: UserRecordPatch): Promise<void>;
  /** A checkout session cookie for the signed-in user (token sync), reusing a fresh one unless `force`. */
  ensureCheckoutSession(options?: { force?: boolean }): Promise<SyncOutcome>;
  /**
   * The confirmed user's Firebase ID token, or null while nobody is confirmed: what other remotes get
   * as `account/idToken` (idToken.ts), so the page keeps one sign-in. Rejects with AccountError.
   */
  idToken(options?: IdTokenOptions): Promise<string | null>;
  /** Tests only: stop timers and subscriptions, forget everything. */
  dispose(): void;
}

export function createAccountSession(deps: AccountSessionDeps): AccountSession {
  const store = new SessionStateStore((user) => deps.publish(user));
  const signedIn = new SignedInUser(deps, store);
  const { connection } = signedIn;
  let started = false;

  /** Runs an account operation on the loaded service; its failure as an AccountError. */
  async function run<T>(work: (s: AccountService) => Promise<T>): Promise<T> {
    const s = await connection.connect();
    try {
      return await work(s);
    } catch (error) {
      throw toAccountError(error);
    }
  }

  return {
    getState: () => store.current,
    subscribe: (listener) => store.subscribe(listener),

    start() {
      if (started) return;
      started = true;
      signedIn.startFromHint();
    },

    connect: () => connection.connect(),

    signIn: (email, password) =>
      run(async (s) => {
        const user = await s.signIn(email, password);
        signedIn.accept(user);
        return store.current.user ?? { uid: user.uid, email: user.email, displayName: user.displayName };
      }),

    signUp: (input) =>
      run(async (s) => {
        const { user, record } = await s.signUp(input);
        signedIn.accept(user);
        signedIn.answers?.noteUsername(user.uid, record.username);
        return { user: store.current.user ?? { uid: user.uid, email: user.email, displayName: user.displayName }, record };
      }),

    sendReset: async (email) => {
      let outcome: 'sent' | 'not-offered';
      try {
        outcome = await deps.requestReset(email);
      } catch (error) {
        throw toAccountError(error);
      }
      // A checkout service from before the shop mailed resets itself: Firebase's own mail instead.
      if (outcome === 'not-offered') await run((s) => s.sendReset(email));
    },

    verifyResetCode: (code) => run((s) => s.verifyResetCode(code)),

    confirmReset: (code, newPassword) => run((s) => s.confirmReset(code, newPassword)),

    signOut: () =>
      run(async (s) => {
        await s.signOut();
        signedIn.accept(null);
      }),

    readOwnRecord: () =>
      run(async (s) => {
        const uid = signedIn.currentUid();
        const record = await s.readOwnRecord(uid);
        if (record) signedIn.answers?.noteUsername(uid, record.username);
        deps.publishProfile(uid, record);
        return record;
      }),

    updateOwnRecord: (patch) =>
      run(async (s) => {
        const uid = signedIn.currentUid();
        await s.updateOwnRecord(uid, patch);
        signedIn.answers?.noteUsername(uid, patch.username);
        void signedIn.answers?.shareProfile(uid);
      }),

    ensureCheckoutSession: (options = {}) => signedIn.answers?.checkout.ensure(options.force === true) ?? Promise.resolve({ ok: false, reason: 'signed-out' }),

    idToken: async (options = {}) => {
      // Only a user Firebase has confirmed (and so announced): never the hint's, which may be stale.
      if (!store.current.confirmed || !store.current.user) return null;
      return run((s) => s.getIdToken(options.fresh === true));
    },

    dispose() {
      signedIn.dispose();
      store.dispose();
    },
  };
}
