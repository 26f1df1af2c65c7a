export type Coupon =
  | { code: string; kind: 'percent'; percent: number; minSubtotalCents: number; description: string }
  | { code: string; kind: 'fixed'; amountCents: number; minSubtotalCents: number; description: string };

/** The seeded codes the shop offers. */
export const seededCoupons: Coupon[] = [
  { code: 'SAVE10', kind: 'percent', percent: 10, minSubtotalCents: 0, description: '10% off your order' },
  { code: 'WELCOME5', kind: 'fixed', amountCents: 500, minSubtotalCents: 2500, description: '$5 off orders of $25 or more' },
];

export type CouponResult =
  { valid: true; code: string; discountCents: number; message: string } | { valid: false; code: string; discountCents: 0; message: string };

export interface CouponBook {
  /** Upper-cased, trimmed code when it exists; undefined otherwise. */
  find(code: string): Coupon | undefined;
  /** The discount for a subtotal; never more than the subtotal. */
  evaluate(code: string, subtotalCents: number): CouponResult;
}

export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function createCouponBook(coupons: Coupon[] = seededCoupons): CouponBook {
  const byCode = new Map(coupons.map((coupon) => [normaliseCode(coupon.code), coupon]));
  const find = (code: string) => byCode.get(normaliseCode(code));

  return {
    find,
    evaluate(rawCode, subtotalCents) {
      const code = normaliseCode(rawCode);
      const coupon = find(code);
      if (!coupon) return { valid: false, code, discountCents: 0, message: `Coupon code "${code}" is not valid` };
      if (subtotalCents < coupon.minSubtotalCents) {
        return {
          valid: false,
          code,
          discountCents: 0,
          message: `${code} needs a subtotal of at least ${dollars(coupon.minSubtotalCents)}`,
        };
      }
      // Percentages round down so the shop never gives away more than the advertised rate.
      const raw = coupon.kind === 'percent' ? Math.floor((subtotalCents * coupon.percent) / 100) : coupon.amountCents;
      const discountCents = Math.min(raw, subtotalCents);
      return { valid: true, code, discountCents, message: `${code} applied: ${coupon.description} (-${dollars(discountCents)})` };
    },
  };
}
