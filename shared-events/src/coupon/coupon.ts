/**
 * What the cart (where a shopper applies a code) and the checkout (which pays with it) agree on about
 * coupons: one rule for what a code is, and the shape of the checkout's coupon client, which the
 * checkout remote exposes as `checkout/couponClient` (mf-checkout/src/coupon-client/couponClient.ts)
 * and the cart loads when a shopper applies a code. Neither remote decides whether a code applies;
 * the checkout service does, from the catalogue's prices.
 */

export const COUPON_MAX_LENGTH = 32;
const CODE = /^[A-Z0-9_-]{1,32}$/;

/** How a typed code is compared and sent: trimmed, upper case. */
export function normalizeCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/** A code in the form the service accepts, normalized; undefined for anything else. */
export function parseCouponCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = normalizeCouponCode(value);
  return CODE.test(code) ? code : undefined;
}

export type CouponLine = { readonly id: number; readonly qun: number };

export type CouponAnswer =
  | {
      readonly kind: 'accepted';
      readonly code: string;
      readonly discountCents: number;
      /** What the service priced the lines at (null if it did not say): differs when prices changed. */
      readonly subtotalCents: number | null;
      readonly message: string;
    }
  /** The code does not apply to these lines (unknown, expired, subtotal too low). */
  | { readonly kind: 'rejected'; readonly code: string; readonly message: string }
  /** The service refused the request itself (a 4xx with a message: a malformed code, a gone product, too many tries). */
  | { readonly kind: 'failed'; readonly status: number; readonly message: string }
  /** No usable answer: network down, gateway error, 5xx, timeout, a body that cannot be read, or no client to ask. */
  | { readonly kind: 'unavailable' };

export interface CouponCheckOptions {
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/** The module the checkout remote exposes as `checkout/couponClient`. */
export interface CouponClient {
  /**
   * Asks the checkout service whether `code` applies to these lines. Never throws: a failure of any
   * kind is 'unavailable' (a caller that aborted checks its own signal before using the answer).
   */
  checkCoupon(code: string, lines: readonly CouponLine[], options?: CouponCheckOptions): Promise<CouponAnswer>;
}
