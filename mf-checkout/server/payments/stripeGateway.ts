import Stripe from 'stripe';
import { PaymentUnavailableError, type ChargeLookup, type ChargeRequest, type ChargeResult, type PaymentGateway } from './gateway.ts';

export interface StripeGatewayOptions {
  /** Real Stripe when set; otherwise stripe-stateful-mock at mockUrl with a fake test key. */
  secretKey: string | undefined;
  mockUrl: string;
  timeoutMs?: number;
  /** Charge attempts on a network or server fault, all with the same idempotency key. */
  attempts?: number;
  retryDelayMs?: number;
}

/** The mock accepts any key that looks like a test key; it must never be a real one. */
const MOCK_KEY = 'sk_test_local';

/** Socket errors raised before a single byte reached Stripe: the request cannot have been processed. */
const NOT_DELIVERED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function createStripeClient(options: StripeGatewayOptions): Stripe {
  const common = {
    // Retries are ours (see charge) so that we know whether any attempt may have reached Stripe.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? 15_000,
    telemetry: false,
  };
  if (options.secretKey) return new Stripe(options.secretKey, common);
  const mock = new URL(options.mockUrl);
  return new Stripe(MOCK_KEY, {
    ...common,
    host: mock.hostname,
    port: mock.port || (mock.protocol === 'https:' ? 443 : 80),
    protocol: mock.protocol === 'https:' ? 'https' : 'http',
  });
}

type StripeFailure = Error & { type?: string; code?: string; statusCode?: number; detail?: unknown };

function socketCode(error: StripeFailure): string | undefined {
  const detail = error.detail as { code?: unknown } | undefined;
  return typeof detail?.code === 'string' ? detail.code : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = createStripeClient(options);
  const attempts = Math.max(1, options.attempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 300;

  return {
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      let maybeCharged = false;
      let lastMessage = 'the payment service did not answer';
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const charge = await stripe.charges.create(
            {
              amount: request.amountCents,
              currency: request.currency,
              source: request.source,
              description: request.description,
              receipt_email: request.receiptEmail,
              metadata: { order_id: request.orderId, order_number: String(request.orderNumber) },
            },
            { idempotencyKey: request.orderId },
          );
          if (charge.status === 'failed') {
            return { outcome: 'refused', code: charge.failure_code ?? 'card_declined', message: charge.failure_message ?? 'Your card was declined.' };
          }
          if (charge.status === 'succeeded' && typeof charge.id === 'string' && charge.id !== '') {
            return { outcome: 'succeeded', paymentId: charge.id };
          }
          // A pending charge, or an answer that is not a charge at all (the SDK hands back any body
          // without an `error` object as the charge, whatever its status, e.g. the local mock's 500
          // for a token it does not know): whether money moved is unknown, so the order is never
          // marked paid on it; recovery asks Stripe for the order's charge later.
          return { outcome: 'unavailable', maybeCharged: true, message: `unexpected answer to a charge (status ${String(charge.status)})` };
        } catch (caught) {
          const error = caught as StripeFailure;
          switch (error.type) {
            case 'StripeCardError':
            case 'StripeInvalidRequestError':
              // Stripe looked at the request and said no; its message is written for the shopper.
              return { outcome: 'refused', code: error.code ?? 'card_declined', message: error.message };
            case 'StripeRateLimitError':
              break;
            case 'StripeConnectionError':
              if (!NOT_DELIVERED.has(socketCode(error) ?? '')) maybeCharged = true;
              break;
            case 'StripeAPIError':
            case 'StripeIdempotencyError':
              maybeCharged = true;
              break;
            default:
              // Authentication and permission errors are our misconfiguration: retrying will not help.
              return { outcome: 'unavailable', maybeCharged, message: error.message };
          }
          lastMessage = error.message;
          if (attempt < attempts) await sleep(retryDelayMs * attempt);
        }
      }
      return { outcome: 'unavailable', maybeCharged, message: lastMessage };
    },

    async findCharge(orderId: string, orderCreatedAt: string): Promise<ChargeLookup> {
      // Listing is consistent, unlike search; the window starts a little before the order for clock skew.
      const since = Math.floor(Date.parse(orderCreatedAt) / 1000) - 300;
      try {
        for await (const charge of stripe.charges.list({ created: { gte: since }, limit: 100 })) {
          if (charge.metadata?.order_id !== orderId) continue;
          if (charge.status === 'succeeded') return { outcome: 'succeeded', paymentId: charge.id };
          if (charge.status === 'failed') {
            return {
              outcome: 'refused',
              code: charge.failure_code ?? 'card_declined',
              message: charge.failure_message ?? 'Your card was declined.',
            };
          }
          throw new PaymentUnavailableError(`charge ${charge.id} is still ${charge.status}`);
        }
        return { outcome: 'none' };
      } catch (error) {
        if (error instanceof PaymentUnavailableError) throw error;
        throw new PaymentUnavailableError(`could not list charges: ${(error as Error).message}`);
      }
    },
  };
}
