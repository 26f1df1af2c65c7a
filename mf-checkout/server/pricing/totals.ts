import type { OrderLine, Totals } from '../orders/model.ts';
import type { PricedLine } from './catalogClient.ts';

/** Order lines from catalogue prices, in integer cents: no floating point touches money. */
export function toOrderLines(priced: PricedLine[]): OrderLine[] {
  return priced.map((line) => ({
    productId: line.productId,
    title: line.title,
    unitCents: line.priceCents,
    quantity: line.quantity,
    lineCents: line.priceCents * line.quantity,
  }));
}

export function subtotalOf(lines: Pick<OrderLine, 'lineCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.lineCents, 0);
}

export function totalsOf(subtotalCents: number, discountCents: number): Totals {
  return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

/** Stripe refuses USD charges under 50 cents and over $999,999.99. */
export const MIN_CHARGE_CENTS = 50;
export const MAX_CHARGE_CENTS = 99_999_999;
