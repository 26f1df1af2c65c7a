import { CART_STORAGE_KEY, cart, parseStoredCart } from 'shared-events';

/**
 * Update Cart: takes the cart again from `localStorage["cart"]` (the same repair rules as at
 * start-up), so anything the store has not heard about, say a value edited by hand, shows up; the
 * store then saves the repaired cart and tells every part of the page. When storage cannot be read
 * the in-memory cart is the truth and is simply saved again.
 */
export function rereadCart(storage: () => Storage | undefined = () => globalThis.localStorage): void {
  let raw: string | null;
  try {
    const backing = storage();
    if (!backing) throw new Error('no localStorage');
    raw = backing.getItem(CART_STORAGE_KEY);
  } catch {
    cart.replace(cart.items);
    return;
  }
  cart.replace(parseStoredCart(raw));
}
