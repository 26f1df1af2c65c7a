import { useSyncExternalStore } from 'react';
import { cart, compare, coupon, session, wishlist, type AccountProfile, type CartItem, type SessionState } from 'shared-events';

// What a server render shows of a shopper's own state (it lives in their browser), and so what the
// browser's first render shows while it hydrates that page; the real state follows at once.
const NOTHING: readonly never[] = Object.freeze([]);
const NOBODY_YET: SessionState = Object.freeze({ known: false, user: null, profile: null });

/**
 * The page's one cart, live: every change made anywhere (any remote, another tab) re-renders the
 * caller at once, because they all go through the shared `cart` store.
 */
export function useCartItems(): readonly CartItem[] {
  return useSyncExternalStore(
    cart.subscribe,
    () => cart.items,
    () => NOTHING,
  );
}

/** Who is signed in, as mf-account reports it on the bus ({known: false} until it has). */
export function useSession(): SessionState {
  return useSyncExternalStore(
    session.subscribe,
    () => session.current,
    () => NOBODY_YET,
  );
}

/** The signed-in shopper's stored record, once mf-account has read it (null until then). */
export function useProfile(): AccountProfile | null {
  return useSyncExternalStore(
    session.subscribe,
    () => session.current.profile,
    () => null,
  );
}

/** The coupon code applied on the cart page (null without one); not yet checked for this cart. */
export function useCouponCode(): string | null {
  return useSyncExternalStore(
    coupon.subscribe,
    () => coupon.current,
    () => null,
  );
}

/** The product ids in the shopper's wish list, newest first, live across remotes and tabs. */
export function useWishlistIds(): readonly number[] {
  return useSyncExternalStore(
    wishlist.subscribe,
    () => wishlist.ids,
    () => NOTHING,
  );
}

/** The product ids in the compare tray, in the order added (at most four). */
export function useCompareIds(): readonly number[] {
  return useSyncExternalStore(
    compare.subscribe,
    () => compare.ids,
    () => NOTHING,
  );
}
