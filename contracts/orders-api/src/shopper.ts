// A signed-in shopper's own orders: GET /api/checkout/orders (newest first) and GET /api/checkout/orders/{id}.
import { z } from 'zod';
import { SHOPPER_EVENTS } from './facts.ts';
import { billingDetails, cents, instant, knownEntries, orderLine, orderStatus, refundLine, shipment } from './parts.ts';

/** What happened to the order, as its shopper is told: never who at the shop did it. */
export const shopperTimelineEntry = z.object({
  type: z.enum(SHOPPER_EVENTS),
  /** The order's status after it. */
  status: orderStatus,
  at: instant,
  /** shipped: the carrier and the tracking link. */
  shipment: shipment.optional(),
  /** refund_succeeded: how much went back to the card, for which units. */
  amountCents: cents.optional(),
  lines: z.array(refundLine).optional(),
});

/** A shopper's order: no idempotency key, fingerprint or card token. */
export const shopperOrder = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatus,
  email: z.string(),
  billing: billingDetails,
  currency: z.string(),
  subtotalCents: cents,
  discountCents: cents,
  totalCents: cents,
  refundedCents: cents,
  coupon: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** failed: why, in Stripe's or the shop's words. */
  failure: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
  createdAt: instant,
  updatedAt: instant,
  lines: z.array(orderLine),
  /** Oldest first; empty for orders paid before the service kept a history. Kinds a page does not know are left out. */
  timeline: knownEntries(shopperTimelineEntry),
});

export const shopperOrderList = z.object({ orders: z.array(shopperOrder) });

export { orderId, problem, type Problem } from './parts.ts';
export type { BillingDetails, OrderLine, ShipmentAnswer } from './parts.ts';
export type ShopperTimelineEntry = z.output<typeof shopperTimelineEntry>;
export type ShopperOrder = z.output<typeof shopperOrder>;
export type ShopperOrderList = z.output<typeof shopperOrderList>;
