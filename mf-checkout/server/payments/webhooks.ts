import type Stripe from 'stripe';

export interface VerifiedEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

export interface WebhookVerifier {
  /** The event when the signature is Stripe's for exactly these bytes (and recent), otherwise null. */
  verify(rawBody: Buffer, signatureHeader: string): VerifiedEvent | null;
}

/** Verification is the SDK's own (HMAC-SHA256 over "<t>.<body>", five minutes' tolerance against replays). */
export function createWebhookVerifier(stripe: Stripe, secret: string): WebhookVerifier {
  return {
    verify(rawBody, signatureHeader) {
      try {
        return stripe.webhooks.constructEvent(rawBody, signatureHeader, secret) as VerifiedEvent;
      } catch {
        return null;
      }
    },
  };
}
