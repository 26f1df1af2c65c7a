export interface ChargeRequest {
  /** Also the Stripe idempotency key and metadata.order_id, so the charge can be recognised later. */
  orderId: string;
  orderNumber: number;
  amountCents: number;
  currency: string;
  /** Card token id from the payment widget, e.g. tok_visa. */
  source: string;
  description: string;
  receiptEmail: string;
}

export type ChargeResult =
  | { outcome: 'succeeded'; paymentId: string }
  /** Stripe answered and refused (decline, bad token, ...): nothing was charged. */
  | { outcome: 'refused'; code: string; message: string }
  /**
   * Stripe could not be asked or did not answer. maybeCharged is false only when no attempt can
   * have reached Stripe (connection refused, rate limited); otherwise the charge may exist.
   */
  | { outcome: 'unavailable'; maybeCharged: boolean; message: string };

export type ChargeLookup = { outcome: 'succeeded'; paymentId: string } | { outcome: 'refused'; code: string; message: string } | { outcome: 'none' };

export class PaymentUnavailableError extends Error {}

export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** What Stripe knows about the order's charge; throws PaymentUnavailableError when it cannot be asked. */
  findCharge(orderId: string, orderCreatedAt: string): Promise<ChargeLookup>;
}
