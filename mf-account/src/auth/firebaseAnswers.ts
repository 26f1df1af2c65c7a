/**
 * What the session does with Firebase's word on who is signed in: the state, the hint and the bus in
 * step, the checkout session synced, the record shared. Only the account service's answers call it, so
 * it is loaded with the service and a screen's first load does not carry it.
 */
import type { AuthUser } from 'shared-events';
import type { AccountService, AccountUser } from '../firebase/accountService.ts';
import type { UserRecord } from '../firebase/userRecord.ts';
import type { AuthHint } from './authHint.ts';
import type { CheckoutSync } from './checkoutSync.ts';
import { sameUser, type SessionStateStore } from './sessionState.ts';

export interface FirebaseAnswersDeps {
  publishProfile(uid: string, record: UserRecord | null): void;
  writeHint(hint: AuthHint | null): void;
}

export class FirebaseAnswers {
  readonly checkout: CheckoutSync;
  private readonly deps: FirebaseAnswersDeps;
  private readonly store: SessionStateStore;
  private readonly service: AccountService;

  constructor(deps: FirebaseAnswersDeps, store: SessionStateStore, service: AccountService, checkout: CheckoutSync) {
    this.deps = deps;
    this.store = store;
    this.service = service;
    this.checkout = checkout;
  }

  /** Firebase's word (from onUser, or straight after signIn/signUp/signOut); `hadUser`: this page believed someone was signed in. */
  accept(account: AccountUser | null, hadUser: boolean): void {
    if (account) this.signedIn(account);
    else this.signedOut(hadUser);
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
      const record = await this.service.readOwnRecord(uid);
      if (this.store.current.user?.uid === uid) this.deps.publishProfile(uid, record);
    } catch {
      // The account pages report database problems themselves; checkout just stays unfilled.
    }
  }

  private signedIn(account: AccountUser): void {
    const previous = this.store.current.user;
    const displayName = account.displayName ?? (previous?.uid === account.uid ? previous.displayName : null);
    const user: AuthUser = { uid: account.uid, email: account.email, displayName };
    const changed = previous?.uid !== user.uid || !this.store.current.confirmed;
    this.deps.writeHint(user);
    this.store.set({ user: sameUser(previous, user) ? previous : user, confirmed: true, status: 'ready', problem: null });
    this.store.publish(this.store.current.user);
    if (changed && !this.checkout.hasSynced(user.uid)) void this.checkout.start(user.uid);
    if (changed) void this.shareProfile(user.uid);
  }

  private signedOut(hadUser: boolean): void {
    this.deps.writeHint(null);
    this.checkout.forget();
    this.store.set({ user: null, confirmed: true, status: 'ready', problem: null });
    this.store.publish(null);
    if (hadUser) void this.checkout.clear();
  }
}
