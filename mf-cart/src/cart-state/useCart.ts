import { useSyncExternalStore } from 'react';
import { cart, type CartItem } from 'shared-events';

function subscribe(onChange: () => void): () => void {
  const subscription = cart.items$.subscribe(() => onChange());
  return () => subscription.unsubscribe();
}

/**
 * The page's one cart, live: every change made anywhere (this remote, the catalogue, another tab)
 * re-renders the caller at once, because they all go through the shared `cart` store.
 */
export function useCartItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribe, () => cart.items, () => cart.items);
}
