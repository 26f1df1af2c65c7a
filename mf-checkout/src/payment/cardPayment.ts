import type { BillingPayload } from '../billing/billing.ts';

/** A card token as POSTed to /save-stripe-token: Stripe's token object, passed on as received. */
export type CardTokenObject = { readonly id: string } & Readonly<Record<string, unknown>>;

export type TokenOutcome =
  | { readonly ok: true; readonly token: CardTokenObject; /** The email the card form asked for, if it has one. */ readonly email?: string }
  | { readonly ok: false; readonly message: string };

/** What the checkout form asks of whichever card form is shown (test mode or Stripe Elements). */
export interface CardPaymentHandle {
  /** Shows every card field's message; true when the card can be tokenised. */
  validate(): boolean;
  focusFirstInvalid(): void;
  tokenize(billing: BillingPayload): Promise<TokenOutcome>;
}
