import type { Order } from './model.ts';

/** What a shopper may see of their own order: no idempotency key, fingerprint or card token. */
export function orderView(order: Order) {
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
    lines: order.lines,
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
