/** The signed-in shopper's checkout session: synced once per sign-in, and again before it expires. */
import type { AccountService } from '../firebase/accountService.ts';
import type { AccountSessionState } from './sessionState.ts';
import type { CheckoutSession, SyncOutcome, TokenSync } from './tokenSync.ts';

export interface CheckoutSyncDeps {
  tokenSync: TokenSync;
  setTimer(task: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export class CheckoutSync {
  private syncing: { uid: string; promise: Promise<SyncOutcome> } | undefined;
  private synced: { uid: string; session: CheckoutSession } | undefined;
  private resyncTimer: unknown;
  private readonly deps: CheckoutSyncDeps;
  private readonly state: () => AccountSessionState;
  private readonly service: () => AccountService | undefined;

  constructor(deps: CheckoutSyncDeps, state: () => AccountSessionState, service: () => AccountService | undefined) {
    this.deps = deps;
    this.state = state;
    this.service = service;
  }

  /** Whether `uid` already has a session from this page. */
  hasSynced(uid: string): boolean {
    return this.synced?.uid === uid;
  }

  /** Syncs `uid`'s token now (one sync at a time per user), and plans the next one before the session expires. */
  start(uid: string): Promise<SyncOutcome> {
    const service = this.service();
    if (!service) return Promise.resolve({ ok: false, reason: 'signed-out' });
    if (this.syncing?.uid === uid) return this.syncing.promise;
    const promise = this.deps.tokenSync.sync(service).then((outcome) => {
      if (this.syncing?.promise === promise) this.syncing = undefined;
      if (this.state().user?.uid !== uid) {
        // Signed out while the sync was on its way: the session it made came after the sign-out's
        // DELETE and would outlive the shopper's sign-out, so it goes too.
        if (outcome.ok && !this.state().user) void this.deps.tokenSync.clear();
        return outcome;
      }
      if (outcome.ok) {
        this.synced = { uid, session: outcome.session };
        this.planResync(uid, outcome.session);
      }
      return outcome;
    });
    this.syncing = { uid, promise };
    return promise;
  }

  /** The confirmed user's session, reusing a fresh one unless `force`. */
  ensure(force: boolean): Promise<SyncOutcome> {
    const state = this.state();
    const user = state.confirmed ? state.user : null;
    if (!user) return Promise.resolve({ ok: false, reason: 'signed-out' });
    if (this.syncing?.uid === user.uid) return this.syncing.promise;
    const synced = this.synced;
    if (!force && synced?.uid === user.uid && synced.session.expiresAt - Date.now() > 60_000) return Promise.resolve({ ok: true, session: synced.session });
    return this.start(user.uid);
  }

  /** Signed out: no session is kept or renewed. */
  forget(): void {
    this.syncing = undefined;
    this.synced = undefined;
    this.cancelResync();
  }

  /** Signed out here: the checkout session goes too. Never throws. */
  clear(): Promise<void> {
    return this.deps.tokenSync.clear();
  }

  cancelResync(): void {
    if (this.resyncTimer !== undefined) this.deps.clearTimer(this.resyncTimer);
    this.resyncTimer = undefined;
  }

  private planResync(uid: string, session: CheckoutSession): void {
    this.cancelResync();
    this.resyncTimer = this.deps.setTimer(() => {
      this.resyncTimer = undefined;
      const state = this.state();
      if (state.user?.uid === uid && state.confirmed) void this.start(uid);
    }, this.deps.tokenSync.resyncDelay(session));
  }
}
