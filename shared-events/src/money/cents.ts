/**
 * Catalogue prices are dollar numbers such as 19.99, which binary floating point cannot hold
 * exactly; summing them directly drifts (0.1 + 0.2). Every total is computed on integer cents.
 */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$1,234.50": the spec shows prices with a "$" prefix; grouping keeps large totals readable. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.round(Math.abs(cents));
  const dollars = Math.floor(whole / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (whole % 100).toString().padStart(2, '0');
  return `${sign}$${dollars}.${rest}`;
}
