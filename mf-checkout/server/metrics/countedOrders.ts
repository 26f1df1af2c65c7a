import type { OrderRepository } from '../storage/repository.ts';
import { recordPayment, recordRefund, recordTransition, type PaymentOutcome } from './registry.ts';

/** Failures that end an order before any payment was asked for: not a payment outcome. */
export const BEFORE_PAYMENT: ReadonlySet<string> = new Set([
  'out_of_stock',
  'unknown_product',
  'catalog_unavailable',
  'coupon_not_applicable',
  'amount_too_small',
  'amount_too_large',
  'interrupted',
]);

const PAYMENT_FAILURES: Record<string, PaymentOutcome> = {
  payment_unavailable: 'unavailable',
  payment_abandoned: 'abandoned',
  payment_not_completed: 'not_completed',
};

/** A failed order's payment outcome: its own word for an outage, a timeout or a walk-away; Stripe's decline codes otherwise. */
export function paymentOutcomeOf(failureCode: string): PaymentOutcome | null {
  if (BEFORE_PAYMENT.has(failureCode)) return null;
  return PAYMENT_FAILURES[failureCode] ?? 'declined';
}

/**
 * The order store, counting each status change it made (a compare-and-set that won) and each
 * refund's outcome at Stripe (a full refund's move to refunded is made inside finishRefund and
 * shows there, not as a transition): every path that moves an order (the checkout, the PaymentIntent's settling,
 * its webhook, recovery, staff) goes through these calls, and a lost race counts nothing.
 */
export function countedOrders(repository: OrderRepository): OrderRepository {
  return {
    ...repository,
    async createPending(order) {
      const result = await repository.createPending(order);
      if (result.created) recordTransition('new', 'pending');
      return result;
    },
    async markPaid(id, paymentId, at) {
      const moved = await repository.markPaid(id, paymentId, at);
      if (moved) {
        recordTransition('unpaid', 'paid');
        recordPayment('succeeded');
      }
      return moved;
    },
    async markFailed(id, failure, at, options) {
      const moved = await repository.markFailed(id, failure, at, options);
      if (moved) {
        recordTransition('pending', 'failed');
        const outcome = paymentOutcomeOf(failure.code);
        if (outcome) recordPayment(outcome);
      }
      return moved;
    },
    async moveStatus(orderId, change) {
      const event = await repository.moveStatus(orderId, change);
      if (event) recordTransition(event.fromStatus ?? 'new', event.toStatus);
      return event;
    },
    async beginRefund(orderId, requestKey, plan, at) {
      // The plan sees the order under its lock: the status a cancellation moves it from.
      let cancelledFrom: string | undefined;
      const start = await repository.beginRefund(
        orderId,
        requestKey,
        (order, refunds) => {
          const decided = plan(order, refunds);
          cancelledFrom = decided.kind === 'refund' && decided.cancel ? order.status : undefined;
          return decided;
        },
        at,
      );
      if (start.kind === 'created' && cancelledFrom) recordTransition(cancelledFrom, 'cancelled');
      return start;
    },
    async finishRefund(refundId, outcome, at) {
      const refund = await repository.finishRefund(refundId, outcome, at);
      if (refund.status !== 'pending') recordRefund(refund.kind, refund.status);
      return refund;
    },
  };
}
