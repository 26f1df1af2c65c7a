import { SHOPPER_EVENTS } from 'orders-api/facts';
import type { OrderEvent } from '../storage/repository.ts';
import type { Order } from './model.ts';

const toldToShoppers = new Set<string>(SHOPPER_EVENTS);

/** The order's history as its shopper sees it: what happened and when, the parcel's tracking, refunds; never who at the shop. */
export function timelineView(events: readonly OrderEvent[]) {
  return events
    .filter((event) => toldToShoppers.has(event.type))
    .map((event) => ({
      type: event.type,
      status: event.toStatus,
      at: event.at,
      ...(event.type === 'shipped' && event.detail.shipment ? { shipment: event.detail.shipment } : {}),
      ...(event.type === 'refund_succeeded' ? { amountCents: event.detail.amountCents, lines: event.detail.lines } : {}),
    }));
}

/** What a shopper may see of their own order: no idempotency key, fingerprint or card token. */
export function orderView(order: Order, events: readonly OrderEvent[] = []) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    billing: order.billing,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    coupon: order.coupon,
    paymentId: order.paymentId,
    failure: order.status === 'failed' ? { code: order.failureCode, message: order.failureMessage } : null,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    refundedCents: order.refundedCents,
    lines: order.lines,
    timeline: timelineView(events),
  };
}

/** The answer to a successful /save-stripe-token (the spec reads `email` from it). */
export function paidView(order: Order) {
  return {
    email: order.email,
    orderId: order.id,
    orderNumber: order.number,
    totalCents: order.totalCents,
    status: 'paid' as const,
  };
}
