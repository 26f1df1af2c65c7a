import { formatPrice, toCents } from 'shared-events';

/** '$price' as the spec shows it, e.g. "$1,234.50". */
export function formatDollars(price: number): string {
  return formatPrice(toCents(price));
}

/** The '-{discountPercentage}%' badge text, rounded to a whole percent; null for no discount. */
export function discountBadge(discountPercentage: number): string | null {
  if (!Number.isFinite(discountPercentage)) return null;
  const rounded = Math.round(discountPercentage);
  return rounded > 0 ? `-${rounded}%` : null;
}
