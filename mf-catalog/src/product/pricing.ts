/**
 * The original price is the current price divided by (1 minus the discount as a
 * fraction), rounded up to whole dollars. Floating point makes e.g. 9.5 / 0.95 come out as
 * 10.000000000000002, which would round up to 11; the quotient is therefore settled to a millionth
 * of a dollar before rounding up. No discount (or a nonsensical one) has no original price: null.
 */
export function originalPrice(price: number, discountPercentage: number): number | null {
  if (!Number.isFinite(price) || price < 0) return null;
  if (!Number.isFinite(discountPercentage) || discountPercentage <= 0 || discountPercentage >= 100) return null;
  const raw = price / (1 - discountPercentage / 100);
  return Math.ceil(Math.round(raw * 1e6) / 1e6);
}
