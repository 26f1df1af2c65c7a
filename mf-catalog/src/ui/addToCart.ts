import { cart, toast } from 'shared-events';
import type { Product } from '../api/schemas.ts';
import { translate } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.en.ts';

/**
 * Adds one of `product` to the shared cart (shared-events `cart.add`, quantity 1 or +1) and asks
 * the shell for the toast: `successKey` on success (the wording differs between listing and
 * product page in the spec), a clear reason otherwise. Returns whether the product was added.
 */
export function addToCart(product: Product, source: string, successKey: MessageKey): boolean {
  const result = cart.add({ ...product, brand: product.brand ?? '' }, source);
  if (result.ok) {
    toast.show(translate(successKey), { kind: 'success' });
    return true;
  }
  const key: MessageKey = result.reason === 'out-of-stock' ? 'cart.outOfStock' : result.reason === 'stock-limit' ? 'cart.stockLimit' : 'cart.invalid';
  toast.show(translate(key, { title: product.title, stock: product.stock }), { kind: 'error' });
  return false;
}
