import { useSyncExternalStore } from 'react';
import { cart, session, type AccountProfile, type CartItem, type SessionState } from 'shared-events';

function subscribeCart(onChange: () => void): () => void {
  const subscription = cart.items$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

/** The shared cart (shared-events); re-renders on every change, including one from another tab. */
export function useCartItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribeCart, () => cart.items, () => cart.items);
}

function subscribeSession(onChange: () => void): () => void {
  const subscription = session.state$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

/** Who is signed in, as mf-account reports it on the bus ({known: false} until it has). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, () => session.current, () => session.current);
}

/** The signed-in shopper's stored record, once mf-account has read it (null until then). */
export function useProfile(): AccountProfile | null {
  return useSyncExternalStore(subscribeSession, () => session.current.profile, () => null);
}

/** sessionStorage, or undefined where it is missing or blocked (private modes, sandboxed frames). */
export function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}
