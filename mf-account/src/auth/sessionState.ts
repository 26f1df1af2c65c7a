/** The session's state as the header and screens see it, and the user as the bus announces it. */
import type { AuthUser } from 'shared-events';

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

export const sameUser = (a: AuthUser | null, b: AuthUser | null) =>
  a === b || (a !== null && b !== null && a.uid === b.uid && a.email === b.email && a.displayName === b.displayName);

/** Holds the state, tells subscribers of each real change, and announces each change of user once ('auth:changed'). */
export class SessionStateStore {
  private state: AccountSessionState = { user: null, confirmed: false, status: 'idle', problem: null };
  private readonly listeners = new Set<() => void>();
  private published: AuthUser | null | undefined;
  private readonly announce: (user: AuthUser | null) => void;

  constructor(announce: (user: AuthUser | null) => void) {
    this.announce = announce;
  }

  get current(): AccountSessionState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(next: Partial<AccountSessionState>): void {
    const merged = { ...this.state, ...next };
    const state = this.state;
    if (merged.user === state.user && merged.confirmed === state.confirmed && merged.status === state.status && merged.problem === state.problem) return;
    this.state = merged;
    for (const listener of [...this.listeners]) listener();
  }

  publish(user: AuthUser | null): void {
    if (this.published !== undefined && sameUser(this.published, user)) return;
    this.published = user;
    this.announce(user);
  }

  /** Tests only. */
  dispose(): void {
    this.listeners.clear();
  }
}
