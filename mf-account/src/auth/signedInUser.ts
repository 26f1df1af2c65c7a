/**
 * Who is signed in on this page: first the localStorage hint (of this tab, or of another one), then
 * Firebase's word once the account service is loaded, kept in the session state, announced on the
 * bus, in step with the record's username, with the checkout session to match.
 */
import type { AuthUser } from 'shared-events';
import type { AccountService, AccountUser } from '../firebase/accountService.ts';
import { AccountError } from '../firebase/errors.ts';
import type { UserRecord } from '../firebase/userRecord.ts';
import type { AuthHint } from './authHint.ts';
import { CheckoutSync, type CheckoutSyncDeps } from './checkoutSync.ts';
import { ServiceConnection } from './serviceConnection.ts';
import { sameUser, type SessionStateStore } from './sessionState.ts';

export interface SignedInUserDeps extends CheckoutSyncDeps {
  loadService(): Promise<AccountService>;
  publishProfile(uid: string, record: UserRecord | null): void;
  readHint(): AuthHint | null;
  writeHint(hint: AuthHint | null): void;
  onHintChangedElsewhere(listener: (hint: AuthHint | null) => void): () => void;
  whenIdle(task: () => void): void;
}

const hintedUser = (hint: AuthHint): AuthUser => ({ uid: hint.uid, email: hint.email, displayName: hint.displayName });

export class SignedInUser {
  readonly connection: ServiceConnection;
  readonly checkout: CheckoutSync;
  private readonly deps: SignedInUserDeps;
  private readonly store: SessionStateStore;
  /** Set when this page believed someone was signed in (hint or Firebase): sign-out must DELETE. */
  private hadUser = false;
  private unsubscribeHint: (() => void) | undefined;

  constructor(deps: SignedInUserDeps, store: SessionStateStore) {
    this.deps = deps;
    this.store = store;
    this.connection = new ServiceConnection(deps.loadService, store, (account) => this.accept(account));
    this.checkout = new CheckoutSync(
      deps,
      () => store.current,
      () => this.connection.service,
    );
  }

  /** The hint's user at once (unconfirmed, not announced; Firebase is loaded when the page is idle), else nobody. */
  startFromHint(): void {
    const hint = this.deps.readHint();
    if (hint) {
      this.hadUser = true;
      this.store.set({ user: hintedUser(hint) });
      this.connectWhenIdle();
    } else {
      this.store.publish(null);
    }
    this.unsubscribeHint = this.deps.onHintChangedElsewhere((next) => this.hintChangedElsewhere(next));
  }

  /** Firebase's word on who is signed in (from onUser, or straight after signIn/signUp/signOut). */
  accept(account: AccountUser | null): void {
    if (account) this.acceptSignedIn(account);
    else this.acceptSignedOut();
  }

  /** The confirmed user's uid; rejects with AccountError when nobody is. */
  currentUid(): string {
    const state = this.store.current;
    const user = state.confirmed ? state.user : null;
    if (!user) throw new AccountError('permission_denied', undefined, { code: 'signed-out' });
    return user.uid;
  }

  /** The record's username is the name to greet with: keep the published display name in step. */
  noteUsername(uid: string, username: string | undefined): void {
    const user = this.store.current.user;
    if (!username || !user || user.uid !== uid || user.displayName === username) return;
    const next: AuthUser = { ...user, displayName: username };
    this.deps.writeHint(next);
    this.store.set({ user: next });
    if (this.store.current.confirmed) this.store.publish(next);
  }

  /** Reads the record in the background for other remotes; a failure only means no prefill. */
  async shareProfile(uid: string): Promise<void> {
    try {
      const record = await (this.connection.service ?? (await this.connection.connect())).readOwnRecord(uid);
      if (this.store.current.user?.uid === uid) this.deps.publishProfile(uid, record);
    } catch {
      // The account pages report database problems themselves; checkout just stays unfilled.
    }
  }

  /** Tests only. */
  dispose(): void {
    this.checkout.cancelResync();
    this.connection.dispose();
    this.unsubscribeHint?.();
  }

  private acceptSignedIn(account: AccountUser): void {
    const previous = this.store.current.user;
    const displayName = account.displayName ?? (previous?.uid === account.uid ? previous.displayName : null);
    const user: AuthUser = { uid: account.uid, email: account.email, displayName };
    const changed = previous?.uid !== user.uid || !this.store.current.confirmed;
    this.hadUser = true;
    this.deps.writeHint(user);
    this.store.set({ user: sameUser(previous, user) ? previous : user, confirmed: true, status: 'ready', problem: null });
    this.store.publish(this.store.current.user);
    if (changed && !this.checkout.hasSynced(user.uid)) void this.checkout.start(user.uid);
    if (changed) void this.shareProfile(user.uid);
  }

  private acceptSignedOut(): void {
    this.deps.writeHint(null);
    const wasSignedIn = this.hadUser;
    this.hadUser = false;
    this.checkout.forget();
    this.store.set({ user: null, confirmed: true, status: 'ready', problem: null });
    this.store.publish(null);
    if (wasSignedIn) void this.deps.tokenSync.clear();
  }

  private hintChangedElsewhere(next: AuthHint | null): void {
    if (this.connection.service) return; // Firebase follows other tabs itself and reports through onUser
    if (next === null) {
      this.hadUser = false; // the other tab signed out and cleared the checkout session
      this.store.set({ user: null });
      this.store.publish(null);
    } else if (this.store.current.user?.uid !== next.uid) {
      this.hadUser = true;
      this.store.set({ user: hintedUser(next), confirmed: false });
      this.connectWhenIdle();
    }
  }

  private connectWhenIdle(): void {
    this.deps.whenIdle(() => void this.connection.connect().catch(() => undefined));
  }
}
