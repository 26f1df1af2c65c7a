import type { Failure } from './model.ts';

/** Our own failure codes and the words the shopper sees; Stripe's codes and messages pass through. */
export const failures = {
  catalogUnavailable: (): Failure => ({
    code: 'catalog_unavailable',
    message: 'Our catalogue is unavailable right now, so the order could not be placed. You have not been charged; please try again in a moment.',
  }),
  paymentUnavailable: (): Failure => ({
    code: 'payment_unavailable',
    message: 'The payment service is unavailable right now. You have not been charged; please try again in a moment.',
  }),
  amountTooSmall: (): Failure => ({ code: 'amount_too_small', message: 'The order total must be at least $0.50 to pay by card' }),
  amountTooLarge: (): Failure => ({ code: 'amount_too_large', message: 'Orders above $999,999.99 cannot be paid by card' }),
  interrupted: (): Failure => ({
    code: 'interrupted',
    message: 'This checkout was interrupted before payment and has been cancelled. You have not been charged.',
  }),
  notCharged: (): Failure => ({
    code: 'payment_not_completed',
    message: 'The payment did not go through and the order has been cancelled. You have not been charged.',
  }),
  abandoned: (): Failure => ({
    code: 'payment_abandoned',
    message: 'The payment was not completed in time and the order has been cancelled. You have not been charged.',
  }),
};

/**
 * Failures of a passing outage that guarantee no charge: a retry with the same idempotency key is a
 * new attempt, not a replay of the failure (the shopper was told to try again in a moment).
 */
export const retryableFailureCodes = ['catalog_unavailable', 'payment_unavailable'] as const;

const statusByCode: Record<string, number> = {
  out_of_stock: 409,
  unknown_product: 404,
  catalog_unavailable: 503,
  payment_unavailable: 503,
  coupon_not_applicable: 422,
  amount_too_small: 422,
  amount_too_large: 422,
  interrupted: 409,
  payment_abandoned: 409,
};

/** HTTP status for a failed order; anything not ours is a payment refusal (402). */
export function statusForFailure(code: string | null): number {
  return (code && statusByCode[code]) || 402;
}

export const messages = {
  inProgress: 'This order is still being processed; please wait a moment and check again.',
  paymentUnconfirmed:
    'We could not confirm your payment with the payment service. Your order is on hold and will be confirmed, or cancelled without charge, automatically within a few minutes.',
};
