import type { PaymentOutcome } from 'orders-api/facts';
import type { Order } from '../orders/model.ts';
import type { OrderEvent, OrderRefund } from '../storage/repository.ts';

export function paymentOutcomeOf(order: Pick<Order, 'status' | 'refundedCents' | 'totalCents'>): PaymentOutcome {
  if (order.status === 'pending' || order.status === 'failed') return order.status;
  if (order.refundedCents <= 0) return 'succeeded';
  return order.refundedCents >= order.totalCents ? 'refunded' : 'partially_refunded';
}

export function listItemView(order: Omit<Order, 'lines'>) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    payment: paymentOutcomeOf(order),
    email: order.email,
    name: `${order.billing.firstName} ${order.billing.lastName}`,
    currency: order.currency,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/** An event as staff see it: who did it (the staff member, or the payment source / system) and its details. */
export function eventView(event: OrderEvent) {
  const { staff, requestHash: _hash, ...detail } = event.detail as { staff?: unknown; requestHash?: unknown };
  return {
    id: event.id,
    type: event.type,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    at: event.at,
    by: staff ?? { actor: event.actor },
    detail,
  };
}

export function refundView(refund: OrderRefund) {
  return {
    id: refund.id,
    kind: refund.kind,
    status: refund.status,
    amountCents: refund.amountCents,
    lines: refund.lines,
    stripeRefundId: refund.stripeRefundId,
    failureMessage: refund.failureMessage,
    by: refund.staff,
    createdAt: refund.createdAt,
  };
}

/** Units of each product refunded (or being refunded) so far: what may not be refunded again. */
export function refundedQuantities(refunds: readonly OrderRefund[]): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return quantities;
}

/** The order page: everything staff need to answer a shopper, and the payment's whole record. */
export function detailView(order: Order, events: OrderEvent[], refunds: OrderRefund[]) {
  const refunded = refundedQuantities(refunds.filter((refund) => refund.status === 'succeeded'));
  return {
    ...listItemView(order),
    billing: order.billing,
    coupon: order.coupon,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    lines: order.lines.map((line) => ({ ...line, refundedQuantity: refunded.get(line.productId) ?? 0 })),
    paymentRecord: {
      id: order.paymentId,
      kind: order.paymentId === null ? null : order.paymentId.startsWith('pi_') ? 'payment_intent' : 'charge',
      source: order.paymentSource,
      chargeStartedAt: order.chargeStartedAt,
      failure: order.status === 'failed' ? { code: order.failureCode, message: order.failureMessage } : null,
      events: events.filter((event) => event.type.startsWith('payment_') || event.type.startsWith('refund_')).map(eventView),
      // Only the page says whether the stock went back: a repeated request answers what the first did.
      refunds: refunds.map((refund) => ({ ...refundView(refund), stockReturned: refund.stockReturned })),
    },
    stockSettled: order.stockSettled,
    timeline: events.map(eventView),
  };
}
