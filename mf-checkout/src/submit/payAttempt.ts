import type { Language } from 'shared-events';
import type { BillingPayload } from '../billing/billing.ts';
import type { CardPaymentHandle } from '../payment/cardPayment.ts';
import { cartFingerprint, type IdempotencyKeys } from './idempotency.ts';
import { finishPayment, keepsKey, startPayment, type PlaceOrderResult } from './placeOrder.ts';

export interface PayAttempt {
  readonly card: CardPaymentHandle | null;
  readonly billing: BillingPayload;
  readonly lines: readonly { id: number; qun: number }[];
  readonly couponCode: string | undefined;
  readonly language: Language;
  readonly keys: IdempotencyKeys;
  /** The bank asks for 3-D Secure: the challenge shows in the card form. */
  readonly onAuthenticating: () => void;
  /** Stripe.js has answered (authenticated or not). */
  readonly onConfirmed: () => void;
  /** What to say when no card form could confirm the payment. */
  readonly noCardMessage: string;
}

export type PayResult = Exclude<PlaceOrderResult, { kind: 'requires_payment' }> | { readonly kind: 'card'; readonly message: string };

/**
 * One Pay: start the order with this cart's idempotency key, let the card form confirm the payment,
 * and settle on the service's answer. The key is forgotten once the outcome is final, so the next
 * attempt for an unknown outcome asks about the same order and never pays twice.
 */
export async function payAttempt(attempt: PayAttempt): Promise<PayResult> {
  const result = await pay(attempt);
  if (result.kind !== 'card' && !keepsKey(result)) attempt.keys.forget();
  return result;
}

async function pay({ card, billing, lines, couponCode, language, keys, onAuthenticating, onConfirmed, noCardMessage }: PayAttempt): Promise<PayResult> {
  const started = await startPayment({
    email: card?.email() || billing.email || '',
    lines,
    billing,
    ...(couponCode ? { couponCode } : {}),
    idempotencyKey: keys.keyFor(cartFingerprint(lines, couponCode)),
    lang: language,
  });
  if (started.kind !== 'requires_payment') return started;
  const confirmed = (await card?.confirmPayment(started.clientSecret, billing, onAuthenticating)) ?? { ok: false, message: noCardMessage };
  onConfirmed();
  // Whatever Stripe.js said, the service asks Stripe itself: that answer is the one that counts.
  const result = await finishPayment(started.orderId);
  // Stripe.js could not finish (no connection?): its reason, and the same order next time.
  if (!confirmed.ok && result.kind === 'pending') return { kind: 'card', message: confirmed.message };
  return result;
}
