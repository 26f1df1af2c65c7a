import * as v from 'valibot';
import { productSchema, type CartItem } from './schema.ts';

/**
 * Reads `localStorage["cart"]`, or any other untrusted list of items (another tab, an older
 * release, a hand-edited value), into a valid cart. It never throws: the shopper gets the items
 * that still make sense, repaired where that is safe, and an empty cart when nothing does.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  return normalizeCart(value);
}

/**
 * An entry without a valid id, title, price or stock is dropped: it cannot be priced or bought.
 * Quantities are clamped into 1..stock (fractions round down, a missing one counts as 1), and a
 * product listed twice is merged, because every cart rule assumes one line per id.
 */
export function normalizeCart(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  for (const entry of value) {
    const parsed = v.safeParse(productSchema, entry);
    if (!parsed.success || parsed.output.stock < 1) continue;
    const product = parsed.output;
    const qun = storedQuantity(product['qun']);
    const index = items.findIndex((item) => item.id === product.id);
    const existing = items[index];
    if (existing) {
      items[index] = { ...existing, qun: Math.min(existing.qun + qun, existing.stock) };
    } else {
      items.push({ ...product, qun: Math.min(qun, product.stock) });
    }
  }
  return items;
}

function storedQuantity(qun: unknown): number {
  if (typeof qun !== 'number' || !Number.isFinite(qun)) return 1;
  return Math.max(1, Math.floor(qun));
}
