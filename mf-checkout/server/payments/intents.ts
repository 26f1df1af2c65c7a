// PaymentIntents through the official `stripe` SDK: real Stripe with a secret key, otherwise the
// project's local Stripe (stand-ins/stripe) on loopback. Only what the checkout needs, in its own
// words: an intent's state as the shop acts on it, and a failure Stripe explained to the shopper.
import Stripe from 'stripe';
import { PaymentUnavailableError } from './gateway.ts';

export interface IntentRequest {
  orderId: string;
  orderNumber: number;
  amountCents: number;
  currency: string;
  description: string;
  receiptEmail: string;
}

export interface IntentState {
  id: string;
  /** Stripe's status: succeeded, requires_payment_method, requires_action, requires_confirmation, processing, requires_capture, canceled. */
  status: string;
  amountCents: number;
  currency: string;
  /** metadata.order_id: which order the intent pays for. */
  orderId: string | null;
  clientSecret: string | null;
  /** Why the last attempt failed (a decline, a failed authentication), in Stripe's words for the shopper. */
  failure: { code: string; message: string } | null;
}

export interface IntentGateway {
  /** Creates (or, for the same order, returns again: the order id is the idempotency key) the order's intent. */
  create(request: IntentRequest): Promise<IntentState>;
  retrieve(id: string): Promise<IntentState>;
  /** Cancels an intent that has not succeeded; answers its state either way (succeeded stays succeeded). */
  cancel(id: string): Promise<IntentState>;
}

function stateOf(intent: Stripe.PaymentIntent): IntentState {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.order_id ?? null,
    clientSecret: intent.client_secret,
    failure: error ? { code: error.decline_code ?? error.code ?? 'card_declined', message: error.message ?? 'Your card was declined.' } : null,
  };
}

/** Stripe looked at the request and refused it (not an outage). */
export class IntentRefusedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

async function call<T>(what: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (caught) {
    const error = caught as Error & { type?: string; code?: string };
    if (error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError' || error.type === 'StripeIdempotencyError') {
      throw new IntentRefusedError(error.code ?? 'invalid_request', error.message);
    }
    throw new PaymentUnavailableError(`${what}: ${error.message}`);
  }
}

export function createIntentGateway(stripe: Stripe): IntentGateway {
  return {
    async create(request) {
      const intent = await call('creating the payment intent', () =>
        stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            description: request.description,
            receipt_email: request.receiptEmail,
            metadata: { order_id: request.orderId, order_number: String(request.orderNumber) },
          },
          { idempotencyKey: `intent-${request.orderId}` },
        ),
      );
      return stateOf(intent);
    },
    async retrieve(id) {
      return stateOf(await call('reading the payment intent', () => stripe.paymentIntents.retrieve(id)));
    },
    async cancel(id) {
      try {
        return stateOf(await call('cancelling the payment intent', () => stripe.paymentIntents.cancel(id)));
      } catch (error) {
        // Already succeeded or cancelled: the intent's own state is the answer.
        if (error instanceof IntentRefusedError && error.code === 'payment_intent_unexpected_state') return this.retrieve(id);
        throw error;
      }
    },
  };
}
