import { BehaviorSubject } from 'rxjs';
import type { EventBus } from '../bus/bus.ts';
import { laterChanges } from '../runtime/laterChanges.ts';
import type { AccountProfile, AuthUser } from '../bus/contract.ts';

/**
 * `known` stays false until mf-account reports the first auth state: until then "no user" only
 * means "not loaded yet", and the header should not flash Sign Up / Log In at a signed-in shopper.
 */
export interface SessionState {
  readonly known: boolean;
  readonly user: AuthUser | null;
  /** The signed-in shopper's stored record once mf-account has read it; null otherwise. */
  readonly profile: AccountProfile | null;
}

/** A read-only view of the auth state; mf-account owns it and publishes 'auth:changed'. */
export interface Session {
  readonly current: SessionState;
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (state: SessionState) => void): () => void;
}

export function createSession(bus: EventBus): Session {
  const state = new BehaviorSubject<SessionState>({ known: false, user: null, profile: null });
  bus.on('auth:changed').subscribe(({ user }) => {
    // A profile belongs to one uid: a sign-out or another shopper's sign-in drops it.
    const profile = user && state.value.user?.uid === user.uid ? state.value.profile : null;
    state.next({ known: true, user, profile });
  });
  bus.on('account:profile').subscribe(({ uid, profile }) => {
    if (state.value.user?.uid === uid) state.next({ ...state.value, profile });
  });
  return {
    get current() {
      return state.value;
    },
    subscribe: laterChanges(state),
  };
}
