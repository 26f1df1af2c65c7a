import { toCents } from '../money/cents.ts';
import type { CartItem, CartProduct } from './schema.ts';

/**
 * The cart rules of the spec (section 4), as pure functions over immutable arrays. A rule that
 * does not apply returns the very same array, so callers can tell "nothing changed" by identity.
 */

export type AddRefusal = 'out-of-stock' | 'stock-limit';

export type AddResult =
  | { readonly ok: true; readonly items: readonly CartItem[]; readonly item: CartItem }
  | { readonly ok: false; readonly items: readonly CartItem[]; readonly reason: AddRefusal };

export function addItem(items: readonly CartItem[], product: CartProduct): AddResult {
  if (product.stock < 1) return { ok: false, items, reason: 'out-of-stock' };
  const index = items.findIndex((item) => item.id === product.id);
  const existing = items[index];
  if (!existing) {
    const item: CartItem = { ...product, qun: 1 };
    return { ok: true, items: [...items, item], item };
  }
  // The product in hand is fresher than the snapshot taken when it was first added, so its stock
  // is the bound that counts, and its fields replace the old ones.
  if (existing.qun >= product.stock) return { ok: false, items, reason: 'stock-limit' };
  const item: CartItem = { ...existing, ...product, qun: existing.qun + 1 };
  return { ok: true, items: replaceAt(items, index, item), item };
}

export function removeAt(items: readonly CartItem[], index: number): readonly CartItem[] {
  if (!items[index]) return items;
  return items.filter((_, i) => i !== index);
}

export function incrementAt(items: readonly CartItem[], index: number): readonly CartItem[] {
  const item = items[index];
  if (!item || item.qun >= item.stock) return items;
  return replaceAt(items, index, { ...item, qun: item.qun + 1 });
}

export function decrementAt(items: readonly CartItem[], index: number): readonly CartItem[] {
  const item = items[index];
  if (!item || item.qun <= 1) return items;
  return replaceAt(items, index, { ...item, qun: item.qun - 1 });
}

export function lineTotalCents(item: CartItem): number {
  return toCents(item.price) * item.qun;
}

export function subtotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

/** The header badge: the number of distinct items, not their quantities. */
export function itemCount(items: readonly CartItem[]): number {
  return items.length;
}

export function totalQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.qun, 0);
}

function replaceAt(items: readonly CartItem[], index: number, item: CartItem): readonly CartItem[] {
  return items.map((current, i) => (i === index ? item : current));
}
