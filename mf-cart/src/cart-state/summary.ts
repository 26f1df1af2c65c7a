import { itemCount, lineTotalCents, subtotalCents, totalQuantity, toCents, type CartItem } from 'shared-events';

export interface CartLine {
  readonly item: CartItem;
  /** Position in the cart: the cart rules remove, increment and decrement by position. */
  readonly index: number;
  readonly unitCents: number;
  readonly lineCents: number;
  /** The spec's bounds: qun stays within 1..stock. */
  readonly canDecrement: boolean;
  readonly canIncrement: boolean;
  readonly atStockLimit: boolean;
}

export interface CartSummary {
  readonly lines: readonly CartLine[];
  /** The badge: the number of items (not their quantities). */
  readonly count: number;
  /** "Total Quantity": the sum of qun. */
  readonly totalQuantity: number;
  readonly subtotalCents: number;
}

/** Everything the cart screens show, derived from the shared cart rules (integer cents). */
export function summarize(items: readonly CartItem[]): CartSummary {
  return {
    lines: items.map((item, index) => ({
      item,
      index,
      unitCents: toCents(item.price),
      lineCents: lineTotalCents(item),
      canDecrement: item.qun > 1,
      canIncrement: item.qun < item.stock,
      atStockLimit: item.qun >= item.stock,
    })),
    count: itemCount(items),
    totalQuantity: totalQuantity(items),
    subtotalCents: subtotalCents(items),
  };
}

/** A discount never takes the total below zero. */
export function totalAfterDiscount(subtotal: number, discountCents: number): number {
  return Math.max(0, subtotal - Math.max(0, discountCents));
}
