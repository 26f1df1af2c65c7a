import { lineTotalCents, subtotalCents, totalQuantity, type CartItem } from 'shared-events';
import type { CouponState } from './coupon.ts';

/**
 * The order summary's numbers, all in integer cents through shared-events' cart rules. They are
 * the shopper's preview: the checkout service prices the order again from the catalogue, and the
 * confirmation shows the total it actually charged.
 */
export interface SummaryLine {
  readonly id: number;
  readonly title: string;
  readonly qun: number;
  readonly lineCents: number;
}

export interface OrderSummary {
  readonly lines: readonly SummaryLine[];
  readonly totalQuantity: number;
  readonly subtotalCents: number;
  /** The accepted coupon's discount; 0 without one. */
  readonly discountCents: number;
  readonly totalCents: number;
  /** The code to send with the payment: only a code the service accepted for this cart. */
  readonly couponCode: string | undefined;
  /** The service priced the cart differently (prices changed since the items were added). */
  readonly pricesChanged: boolean;
}

export function summarize(items: readonly CartItem[], coupon: CouponState): OrderSummary {
  const subtotal = subtotalCents(items);
  const applied = coupon.status === 'applied' ? coupon : undefined;
  const discountCents = applied ? Math.min(Math.max(0, applied.discountCents), subtotal) : 0;
  return {
    lines: items.map((item) => ({ id: item.id, title: item.title, qun: item.qun, lineCents: lineTotalCents(item) })),
    totalQuantity: totalQuantity(items),
    subtotalCents: subtotal,
    discountCents,
    totalCents: subtotal - discountCents,
    couponCode: applied?.code,
    pricesChanged: applied !== undefined && applied.serverSubtotalCents !== subtotal,
  };
}

/** The cart as the checkout service takes it (payment intents, /save-stripe-token, the coupon check): ids and quantities only. */
export function cartLines(items: readonly CartItem[]): { id: number; qun: number }[] {
  return items.map((item) => ({ id: item.id, qun: item.qun }));
}
