/**
 * A list row's price or stock edited in place: what the cell shows in each step, what a typed value
 * becomes, and what is sent. Enter saves, Escape cancels (InlineCell.tsx); the rules live here.
 */
import type { ProductInput } from 'catalog-api/products';
import { checkPrice, checkStock, priceText, type FieldError } from './productForm.ts';

export type CellKind = 'price' | 'stock';

export type CellState =
  | { mode: 'view' }
  | { mode: 'editing'; text: string; error: FieldError | null }
  | { mode: 'saving'; text: string }
  | { mode: 'saved' }
  | { mode: 'failed'; text: string; message: string };

/** The text an edit starts from: the value as shown, without the currency sign. */
export const editText = (kind: CellKind, value: number): string => (kind === 'price' ? priceText(value) : String(value));

/** The change a typed value makes, or why it cannot be sent. */
export function cellChange(kind: CellKind, text: string): { change: ProductInput } | { error: FieldError } {
  if (kind === 'price') {
    const price = checkPrice(text);
    return 'error' in price ? price : { change: { price: price.dollars } };
  }
  const stock = checkStock(text);
  return 'error' in stock ? stock : { change: { stock: stock.units } };
}

/**
 * What the row shows while a save is on its way. A price is shown as sent (nothing else changes it);
 * stock is not: checkouts take units meanwhile, so only the catalogue's answer is shown.
 */
export function pendingValue(kind: CellKind, change: ProductInput, current: number): number {
  if (kind === 'price' && change.price !== undefined) return Math.round(change.price * 100);
  return current;
}
