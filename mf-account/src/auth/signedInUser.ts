/**
 * Who is signed in on this page: first the localStorage hint (of this tab, or of another one), then
 * Firebase's word once the account service is loaded (what follows it is in firebaseAnswers.ts, loaded
 * with the service).
 */
import type { AuthUser } from 'shared-events';
import type { AccountService, AccountUser } from '../firebase/accountService.ts';
import { AccountError } from '../firebase/errors.ts';
import type { AuthHint } from './authHint.ts';
import type { FirebaseAnswers, FirebaseAnswersDeps } from './firebaseAnswers.ts';
import { ServiceConnection } from './serviceConnection.ts';
import type { SessionStateStore } from './sessionState.ts';

export interface SignedInUserDeps extends FirebaseAnswersDeps {
  loadService(): Promise<AccountService>;
  /**
   * What follows Firebase's answers (FirebaseAnswers and the checkout session's sync, which runs only
   * then): loaded with the account service, so a screen's first load does not carry it.
   */
  loadAnswers(): Promise<(store: SessionStateStore, service: AccountService) => FirebaseAnswers>;
  readHint(): AuthHint | null;
  onHintChangedElsewhere(listener: (hint: AuthHint | null) => void): () => void;
  whenIdle(task: () => void): void;
}

const hintedUser = (hint: AuthHint): AuthUser => ({ uid: hint.uid, email: hint.email, displayName: hint.displayName });

export class SignedInUser {
  readonly connection: ServiceConnection;
  /** There from the moment the account service is (Firebase's word comes after both). */
  answers: FirebaseAnswers | undefined;
  private readonly deps: SignedInUserDeps;
  private readonly store: SessionStateStore;
  /** Set when this page believed someone was signed in (hint or Firebase): sign-out must DELETE. */
  private hadUser = false;
  private unsubscribeHint: (() => void) | undefined;

  constructor(deps: SignedInUserDeps, store: SessionStateStore) {
    this.deps = deps;
    this.store = store;
    const load = async () => {
      const [service, createAnswers] = await Promise.all([deps.loadService(), deps.loadAnswers()]);
      this.answers ??= createAnswers(store, service);
      return service;
    };
    this.connection = new ServiceConnection(load, store, (account) => this.accept(account));
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
    const hadUser = this.hadUser;
    this.hadUser = account !== null;
    this.answers?.accept(account, hadUser);
  }

  /** The confirmed user's uid; rejects with AccountError when nobody is. */
  currentUid(): string {
    const state = this.store.current;
    const user = state.confirmed ? state.user : null;
    if (!user) throw new AccountError('permission_denied', undefined, { code: 'signed-out' });
    return user.uid;
  }

  /** Tests only. */
  dispose(): void {
    this.answers?.checkout.cancelResync();
    this.connection.dispose();
    this.unsubscribeHint?.();
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
