import type { PaidAnswer } from 'orders-api/checkout';
import type { BillingPayload } from '../billing/billing.ts';

/**
 * The card path (PaymentIntents, SCA ready), two calls to the checkout service through the gateway
 * (their answers as orders-api/checkout describes them; this page reads them without zod, which
 * stays out of the checkout's script):
 *
 * POST /api/checkout/payment-intents  {email, lines: [{id, qun}], billing, couponCode?, idempotencyKey, lang?}
 *   201 {orderId, orderNumber, totalCents, currency, clientSecret}   confirm the card with Stripe.js
 * POST /api/checkout/orders/{orderId}/payment   (after Stripe.js returned, whatever it said)
 *   200 {email, orderId, orderNumber, totalCents, status: "paid"}
 *   202 {message, code: "payment_pending"}  not complete yet (e.g. the bank still waits): same key
 *
 * Either call may also answer:
 *   402 {message, code}            the card was declined or not authenticated (Stripe's words)
 *   409 {message, code}            out_of_stock, interrupted, payment_abandoned; in_progress (same key, still running)
 *   400 {message, errors?}         invalid request: errors[{field, message}] per field
 *   404 {message, code}            unknown_product
 *   422 {message, code}            coupon_not_applicable, amount_too_small/large, idempotency_key_reused
 *   503 {message, code}            catalog_unavailable, payment_unavailable (not charged)
 *   429 {message}                  too many attempts
 */
export interface OrderRequest {
  readonly email: string;
  readonly lines: readonly { id: number; qun: number }[];
  readonly billing: BillingPayload;
  readonly couponCode?: string;
  readonly idempotencyKey: string;
  /** The shop's language: the shopper's messages (confirmation, shipping, refund) are written in it. */
  readonly lang?: 'en' | 'ru';
}

export type PaidOrder = Readonly<Omit<PaidAnswer, 'status'>>;

export type PlaceOrderResult =
  | ({ readonly kind: 'paid' } & PaidOrder)
  /** The order waits for the card: confirm it with Stripe using this client secret. */
  | { readonly kind: 'requires_payment'; readonly orderId: string; readonly clientSecret: string }
  /** The card was refused: nothing charged, the cart stays. */
  | { readonly kind: 'declined'; readonly message: string; readonly code: string | undefined }
  /** The service refused the order (stock, validation, coupon...): nothing charged. */
  | {
      readonly kind: 'rejected';
      readonly status: number;
      readonly message: string;
      readonly code: string | undefined;
      readonly errors: unknown;
    }
  /** The order is being settled on the service's side: asking again with the same key is safe. */
  | { readonly kind: 'pending'; readonly message: string; readonly code: string | undefined }
  /** Nothing could be placed right now. `sameKey`: the outcome is unknown, so retry with the same key. */
  | { readonly kind: 'unavailable'; readonly message: string | undefined; readonly sameKey: boolean };

const RETRY_SAME_KEY_CODES = new Set(['in_progress', 'payment_unconfirmed', 'payment_pending']);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** Sorts an answer of the service into what the page does with it (pure, for tests). */
export function classifyAnswer(status: number, body: unknown): PlaceOrderResult {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = text(data.message);
  const code = text(data.code);
  if (code && RETRY_SAME_KEY_CODES.has(code)) return { kind: 'pending', message: message ?? '', code };
  if (status >= 200 && status < 300) {
    const clientSecret = text(data.clientSecret);
    if (status === 201 && clientSecret && text(data.orderId)) return { kind: 'requires_payment', orderId: text(data.orderId)!, clientSecret };
    const email = text(data.email);
    const orderId = text(data.orderId);
    const orderNumber = typeof data.orderNumber === 'number' ? data.orderNumber : undefined;
    const totalCents = typeof data.totalCents === 'number' && Number.isInteger(data.totalCents) ? data.totalCents : undefined;
    if (email && orderId && orderNumber !== undefined && totalCents !== undefined) {
      return { kind: 'paid', email, orderId, orderNumber, totalCents };
    }
    // A 2xx we cannot read (a proxy's page?): the payment may have happened, so keep the key.
    return { kind: 'unavailable', message: undefined, sameKey: true };
  }
  if (status === 402) return { kind: 'declined', message: message ?? '', code };
  if (status === 429) return { kind: 'unavailable', message, sameKey: true };
  if (status >= 500) {
    // The service's own 503s (catalogue or Stripe unreachable) carry a code: the order failed for
    // good and was not charged, so the next attempt needs a new key. Anything else (the gateway
    // cannot reach the service, a crash) leaves the outcome unknown: same key.
    return { kind: 'unavailable', message: code ? message : undefined, sameKey: !code };
  }
  if (status >= 400 && message) return { kind: 'rejected', status, message, code, errors: data.errors };
  return { kind: 'unavailable', message: undefined, sameKey: true };
}

/** Whether the idempotency key must be kept for the next attempt (the outcome is not final). */
export function keepsKey(result: PlaceOrderResult): boolean {
  return result.kind === 'pending' || result.kind === 'requires_payment' || (result.kind === 'unavailable' && result.sameKey);
}

export const CHECKOUT_TIMEOUT_MS = 60_000;

async function post(url: string, body: unknown, fetchImpl: typeof fetch, timeoutMs: number): Promise<PlaceOrderResult> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      // No body, no content type: an empty JSON body is a 400.
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    // Offline, or no answer in time: the order may or may not exist, the payment may or may not be done.
    return { kind: 'unavailable', message: undefined, sameKey: true };
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  return classifyAnswer(response.status, answer);
}

/** Creates (or, for the same key, finds again) the order and its PaymentIntent. */
export function startPayment(request: OrderRequest, fetchImpl: typeof fetch = fetch, timeoutMs = CHECKOUT_TIMEOUT_MS): Promise<PlaceOrderResult> {
  return post('/api/checkout/payment-intents', request, fetchImpl, timeoutMs);
}

/** After Stripe.js returned: the service asks Stripe and answers paid, declined or still pending. */
export async function finishPayment(
  orderId: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = CHECKOUT_TIMEOUT_MS,
): Promise<Exclude<PlaceOrderResult, { kind: 'requires_payment' }>> {
  const result = await post(`/api/checkout/orders/${encodeURIComponent(orderId)}/payment`, undefined, fetchImpl, timeoutMs);
  // Settling never creates an order; an answer saying so is not one we can read: same key.
  return result.kind === 'requires_payment' ? { kind: 'unavailable', message: undefined, sameKey: true } : result;
}
