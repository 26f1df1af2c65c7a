import type { CouponAnswer } from 'shared-events';

/**
 * The coupon the shopper applied on the cart page, as the checkout shows it. The code comes from the
 * shared `coupon` store; the checkout never trusts it: the checkout service says whether it applies
 * to this cart and how much it takes off, and only an applied code is sent with the payment.
 */
export type CouponState =
  | { readonly status: 'none' }
  | { readonly status: 'checking'; readonly code: string }
  | {
      readonly status: 'applied';
      readonly code: string;
      readonly discountCents: number;
      /** The service's price of the lines, to notice prices that changed since they were added. */
      readonly serverSubtotalCents: number;
      readonly message: string;
    }
  /** The service refused the code for this cart (unknown, or the subtotal is too low): not applied. */
  | { readonly status: 'rejected'; readonly code: string; readonly message: string }
  /** The service could not be asked: not applied, the shopper may try again. */
  | { readonly status: 'unavailable'; readonly code: string };

/** What the service's answer means for the order. */
export function couponState(code: string, answer: CouponAnswer): CouponState {
  switch (answer.kind) {
    case 'accepted':
      // Without the service's subtotal the checkout cannot tell whether prices moved: not applied.
      if (answer.subtotalCents === null) return { status: 'unavailable', code };
      return { status: 'applied', code: answer.code, discountCents: answer.discountCents, serverSubtotalCents: answer.subtotalCents, message: answer.message };
    case 'rejected':
      return { status: 'rejected', code, message: answer.message };
    case 'failed':
      // A malformed code or a product that is gone: the code cannot apply. Too many tries: ask later.
      return answer.status === 429 ? { status: 'unavailable', code } : { status: 'rejected', code, message: answer.message };
    case 'unavailable':
      return { status: 'unavailable', code };
  }
}
