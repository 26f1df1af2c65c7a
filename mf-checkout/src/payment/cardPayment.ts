import type { BillingPayload } from '../billing/billing.ts';

/** How confirming the card with Stripe ended, as the page reports it. */
export type ConfirmOutcome =
  | { readonly ok: true }
  /** Stripe refused or authentication failed: its message is written for the shopper. */
  | { readonly ok: false; readonly message: string };

/** What the checkout form asks of whichever card form is shown (test mode or Stripe Elements). */
export interface CardPaymentHandle {
  /** Shows every card field's message; true when the card can be sent to Stripe. */
  validate(): boolean;
  focusFirstInvalid(): void;
  /** The email the card form asked for, if it has one (the receipt goes there). */
  email(): string | undefined;
  /**
   * Confirms the order's PaymentIntent with this card, as Stripe.js confirmCardPayment does; when
   * the bank asks for 3-D Secure, `onAuthenticating` is called and the challenge shows in the page.
   */
  confirmPayment(clientSecret: string, billing: BillingPayload, onAuthenticating: () => void): Promise<ConfirmOutcome>;
}
