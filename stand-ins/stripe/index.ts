// The local Stripe of the card path (PaymentIntents, the 3-D Secure test challenge, signed webhooks) for
// other packages' tests; the Charges flow's mock starts from testing/stripeMock.ts.
export { startLocalStripe, type LocalStripe, type LocalStripeOptions } from './server.ts';
export { signatureHeader, type StripeEvent } from './webhooks.ts';
