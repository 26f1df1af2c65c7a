/**
 * The page's auth state, owned by mf-account: what the header shows, what the bus says
 * ('auth:changed'), and the doorway to the account service for the screens.
 *
 * Start-up is cheap on purpose (the header loads on every page): the state comes from the
 * localStorage hint at once, and Firebase (some 100 KB) is loaded only
 *   - after the page has loaded and gone idle, when the hint says someone is signed in (to confirm
 *     it, publish the real state and sync the ID token with the checkout service),
 *   - when a screen needs it (login, sign-up, account pages), or
 *   - on the first interaction with the account menu.
 * A visitor without a hint is reported as signed out straight away; Firebase corrects that if it
 * knows better once it loads. The hinted user is never published before Firebase confirms it, so
 * other remotes only ever act on a confirmed user.
 *
 * This module must stay free of Firebase and zod imports (types only): it is in the header's chunk.
 */
import type { AuthUser } from 'shared-events';
import type { AccountService, AccountUser, SignUpInput } from '../firebase/accountService.ts';
import { AccountError, toAccountError } from '../firebase/errors.ts';
import type { UserRecord, UserRecordPatch } from '../firebase/userRecord.ts';
import type { AuthHint } from './authHint.ts';
import type { CheckoutSession, SyncOutcome, TokenSync } from './tokenSync.ts';

/** Why the account service could not be started. */
export type ConnectProblem = 'config-unreachable' | 'config-invalid' | 'failed';

export interface AccountSessionState {
  /** Best knowledge: the confirmed user, or (before Firebase has answered) the hinted one. */
  readonly user: AuthUser | null;
  /** True once Firebase has reported the auth state; until then `user` is only the hint. */
  readonly confirmed: boolean;
  readonly status: 'idle' | 'connecting' | 'ready' | 'failed';
  readonly problem: ConnectProblem | null;
}

export interface AccountSessionDeps {
  loadService(): Promise<AccountService>;
  publish(user: AuthUser | null): void;
  /** Hands the shopper's own record to other remotes (checkout prefills its billing form from it). */
  publishProfile(uid: string, record: UserRecord | null): void;
  tokenSync: TokenSync;
  readHint(): AuthHint | null;
  writeHint(hint: AuthHint | null): void;
  onHintChangedElsewhere(listener: (hint: AuthHint | null) => void): () => void;
  /** Runs `task` once the page has loaded and is idle. */
  whenIdle(task: () => void): void;
  setTimer(task: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
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
  sendReset(email: string): Promise<void>;
  signOut(): Promise<void>;
  /** The signed-in user's own users/{uid}; rejects with AccountError. */
  readOwnRecord(): Promise<UserRecord | null>;
  updateOwnRecord(patch: UserRecordPatch): Promise<void>;
  /** A checkout session cookie for the signed-in user (token sync), reusing a fresh one unless `force`. */
  ensureCheckoutSession(options?: { force?: boolean }): Promise<SyncOutcome>;
  /** Tests only: stop timers and subscriptions, forget everything. */
  dispose(): void;
}

const sameUser = (a: AuthUser | null, b: AuthUser | null) =>
  a === b || (a !== null && b !== null && a.uid === b.uid && a.email === b.email && a.displayName === b.displayName);

function connectError(error: unknown): AccountError {
  if (error instanceof AccountError) return error;
  const problem = (error as { problem?: unknown } | null)?.problem;
  if (problem === 'unreachable') return new AccountError('network', undefined, { code: 'config-unreachable', cause: error });
  if (problem === 'invalid') return new AccountError('unavailable', undefined, { code: 'config-invalid', cause: error });
  return new AccountError('unavailable', undefined, { code: 'connect-failed', cause: error });
}

function problemOf(error: AccountError): ConnectProblem {
  if (error.code === 'config-unreachable') return 'config-unreachable';
  if (error.code === 'config-invalid') return 'config-invalid';
  return 'failed';
}

export function createAccountSession(deps: AccountSessionDeps): AccountSession {
  let state: AccountSessionState = { user: null, confirmed: false, status: 'idle', problem: null };
  const listeners = new Set<() => void>();
  let started = false;
  let connecting: Promise<AccountService> | undefined;
  let service: AccountService | undefined;
  let unsubscribeUser: (() => void) | undefined;
  let unsubscribeHint: (() => void) | undefined;
  let published: AuthUser | null | undefined;
  let syncing: { uid: string; promise: Promise<SyncOutcome> } | undefined;
  let synced: { uid: string; session: CheckoutSession } | undefined;
  let resyncTimer: unknown;
  /** Set when this page believed someone was signed in (hint or Firebase): sign-out must DELETE. */
  let hadUser = false;

  function setState(next: Partial<AccountSessionState>) {
    const merged = { ...state, ...next };
    if (merged.user === state.user && merged.confirmed === state.confirmed && merged.status === state.status && merged.problem === state.problem) return;
    state = merged;
    for (const listener of [...listeners]) listener();
  }

  function publish(user: AuthUser | null) {
    if (published !== undefined && sameUser(published, user)) return;
    published = user;
    deps.publish(user);
  }

  function cancelResync() {
    if (resyncTimer !== undefined) deps.clearTimer(resyncTimer);
    resyncTimer = undefined;
  }

  function startSync(uid: string): Promise<SyncOutcome> {
    if (!service) return Promise.resolve({ ok: false, reason: 'signed-out' });
    if (syncing?.uid === uid) return syncing.promise;
    const source = service;
    const promise = deps.tokenSync.sync(source).then((outcome) => {
      if (syncing?.promise === promise) syncing = undefined;
      if (state.user?.uid !== uid) return outcome; // signed out (or switched) meanwhile
      if (outcome.ok) {
        synced = { uid, session: outcome.session };
        cancelResync();
        resyncTimer = deps.setTimer(() => {
          resyncTimer = undefined;
          if (state.user?.uid === uid && state.confirmed) void startSync(uid);
        }, deps.tokenSync.resyncDelay(outcome.session));
      }
      return outcome;
    });
    syncing = { uid, promise };
    return promise;
  }

  /** Firebase's word on who is signed in (from onUser, or straight after signIn/signUp/signOut). */
  function acceptUser(account: AccountUser | null) {
    const previous = state.user;
    if (account) {
      const displayName = account.displayName ?? (previous?.uid === account.uid ? previous.displayName : null);
      const user: AuthUser = { uid: account.uid, email: account.email, displayName };
      const changed = previous?.uid !== user.uid || !state.confirmed;
      hadUser = true;
      deps.writeHint(user);
      setState({ user: sameUser(previous, user) ? previous : user, confirmed: true, status: 'ready', problem: null });
      publish(state.user);
      if (changed && synced?.uid !== user.uid) void startSync(user.uid);
      if (changed) void shareProfile(user.uid);
    } else {
      deps.writeHint(null);
      const wasSignedIn = hadUser;
      hadUser = false;
      syncing = undefined;
      synced = undefined;
      cancelResync();
      setState({ user: null, confirmed: true, status: 'ready', problem: null });
      publish(null);
      if (wasSignedIn) void deps.tokenSync.clear();
    }
  }

  /** Reads the record in the background for other remotes; a failure only means no prefill. */
  async function shareProfile(uid: string): Promise<void> {
    try {
      const record = await (service ?? (await connect())).readOwnRecord(uid);
      if (state.user?.uid === uid) deps.publishProfile(uid, record);
    } catch {
      // The account pages report database problems themselves; checkout just stays unfilled.
    }
  }

  function connect(): Promise<AccountService> {
    if (service) return Promise.resolve(service);
    if (connecting) return connecting;
    setState({ status: 'connecting', problem: null });
    const attempt = deps.loadService().then(
      (loaded) => {
        service = loaded;
        unsubscribeUser = loaded.onUser(acceptUser);
        return loaded;
      },
      (error: unknown) => {
        const failure = connectError(error);
        connecting = undefined;
        setState({ status: 'failed', problem: problemOf(failure) });
        throw failure;
      },
    );
    connecting = attempt;
    return attempt;
  }

  async function run<T>(work: (s: AccountService) => Promise<T>): Promise<T> {
    const s = await connect();
    try {
      return await work(s);
    } catch (error) {
      throw toAccountError(error);
    }
  }

  function currentUid(): string {
    const user = state.confirmed ? state.user : null;
    if (!user) throw new AccountError('permission_denied', undefined, { code: 'signed-out' });
    return user.uid;
  }

  /** The record's username is the name to greet with: keep the published display name in step. */
  function noteUsername(uid: string, username: string | undefined) {
    const user = state.user;
    if (!username || !user || user.uid !== uid || user.displayName === username) return;
    const next: AuthUser = { ...user, displayName: username };
    deps.writeHint(next);
    setState({ user: next });
    if (state.confirmed) publish(next);
  }

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start() {
      if (started) return;
      started = true;
      const hint = deps.readHint();
      if (hint) {
        hadUser = true;
        setState({ user: { uid: hint.uid, email: hint.email, displayName: hint.displayName } });
        deps.whenIdle(() => void connect().catch(() => undefined));
      } else {
        publish(null);
      }
      unsubscribeHint = deps.onHintChangedElsewhere((next) => {
        if (service) return; // Firebase follows other tabs itself and reports through onUser
        if (next === null) {
          hadUser = false; // the other tab signed out and cleared the checkout session
          setState({ user: null });
          publish(null);
        } else if (state.user?.uid !== next.uid) {
          hadUser = true;
          setState({ user: { uid: next.uid, email: next.email, displayName: next.displayName }, confirmed: false });
          deps.whenIdle(() => void connect().catch(() => undefined));
        }
      });
    },

    connect,

    signIn: (email, password) =>
      run(async (s) => {
        const user = await s.signIn(email, password);
        acceptUser(user);
        return state.user ?? { uid: user.uid, email: user.email, displayName: user.displayName };
      }),

    signUp: (input) =>
      run(async (s) => {
        const { user, record } = await s.signUp(input);
        acceptUser(user);
        noteUsername(user.uid, record.username);
        return { user: state.user ?? { uid: user.uid, email: user.email, displayName: user.displayName }, record };
      }),

    sendReset: (email) => run((s) => s.sendReset(email)),

    signOut: () =>
      run(async (s) => {
        await s.signOut();
        acceptUser(null);
      }),

    readOwnRecord: () =>
      run(async (s) => {
        const uid = currentUid();
        const record = await s.readOwnRecord(uid);
        if (record) noteUsername(uid, record.username);
        deps.publishProfile(uid, record);
        return record;
      }),

    updateOwnRecord: (patch) =>
      run(async (s) => {
        const uid = currentUid();
        await s.updateOwnRecord(uid, patch);
        noteUsername(uid, patch.username);
        void shareProfile(uid);
      }),

    async ensureCheckoutSession(options = {}) {
      const user = state.confirmed ? state.user : null;
      if (!user) return { ok: false, reason: 'signed-out' };
      if (syncing?.uid === user.uid) return syncing.promise;
      if (!options.force && synced?.uid === user.uid && synced.session.expiresAt - Date.now() > 60_000) return { ok: true, session: synced.session };
      return startSync(user.uid);
    },

    dispose() {
      cancelResync();
      unsubscribeUser?.();
      unsubscribeHint?.();
      listeners.clear();
    },
  };
}
