// Refunds through Stripe's Refunds API: a PaymentIntent's payment (pi_…, the card path of the
// shop's pages) by payment_intent, a Charges API payment (ch_…, the spec's /save-stripe-token) by
// charge. Each refund's own id is its Stripe idempotency key, so asking again after a lost answer
// never refunds twice.
import type Stripe from 'stripe';
import { PaymentUnavailableError } from './gateway.ts';

export interface RefundRequest {
  /** Our refund's id: Stripe's idempotency key and metadata.refund_id. */
  refundId: string;
  orderId: string;
  /** The order's payment: a PaymentIntent (pi_…) or a charge (ch_…). */
  paymentId: string;
  amountCents: number;
}

/** Stripe looked at the refund and refused it (already refunded, more than is left...): asking again will not help. */
export class RefundRefusedError extends Error {}

export interface RefundGateway {
  /** Answers Stripe's refund id; throws RefundRefusedError or PaymentUnavailableError. */
  refund(request: RefundRequest): Promise<{ stripeRefundId: string }>;
}

/** `intents` reaches the PaymentIntents (real Stripe or the local Stripe), `charges` the Charges API. */
export function createRefundGateway(clients: { intents: Stripe; charges: Stripe }): RefundGateway {
  return {
    async refund(request) {
      const byIntent = request.paymentId.startsWith('pi_');
      const stripe = byIntent ? clients.intents : clients.charges;
      try {
        const refund = await stripe.refunds.create(
          {
            ...(byIntent ? { payment_intent: request.paymentId } : { charge: request.paymentId }),
            amount: request.amountCents,
            metadata: { order_id: request.orderId, refund_id: request.refundId },
          },
          { idempotencyKey: `refund-${request.refundId}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefusedError(`Stripe answered the refund with status ${refund.status}`);
        return { stripeRefundId: refund.id };
      } catch (caught) {
        if (caught instanceof RefundRefusedError) throw caught;
        const error = caught as Error & { type?: string };
        if (error.type === 'StripeInvalidRequestError' || error.type === 'StripeIdempotencyError') throw new RefundRefusedError(error.message);
        throw new PaymentUnavailableError(`refunding ${request.paymentId}: ${error.message}`);
      }
    },
  };
}
