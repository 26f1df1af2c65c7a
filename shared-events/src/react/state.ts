import { useSyncExternalStore } from 'react';
import { cart, compare, coupon, session, wishlist, type AccountProfile, type CartItem, type SessionState } from 'shared-events';

function subscribeCart(onChange: () => void): () => void {
  const subscription = cart.items$.subscribe(() => onChange());
  return () => subscription.unsubscribe();
}

/**
 * The page's one cart, live: every change made anywhere (any remote, another tab) re-renders the
 * caller at once, because they all go through the shared `cart` store.
 */
export function useCartItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribeCart, () => cart.items, () => cart.items);
}

function subscribeSession(onChange: () => void): () => void {
  const subscription = session.state$.subscribe(() => onChange());
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

/** The coupon code applied on the cart page (null without one); not yet checked for this cart. */
export function useCouponCode(): string | null {
  return useSyncExternalStore(coupon.subscribe, () => coupon.current, () => null);
}

/** The product ids in the shopper's wish list, newest first, live across remotes and tabs. */
export function useWishlistIds(): readonly number[] {
  return useSyncExternalStore(wishlist.subscribe, () => wishlist.ids, () => wishlist.ids);
}

/** The product ids in the compare tray, in the order added (at most four). */
export function useCompareIds(): readonly number[] {
  return useSyncExternalStore(compare.subscribe, () => compare.ids, () => compare.ids);
}
