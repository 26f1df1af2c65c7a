import type { Language } from 'shared-events';

/** Each language's digit group separator: "71,428" in English, "71 428" (no-break space) in Russian. */
const GROUP_SEPARATOR: Record<Language, string> = { en: ',', ru: '\u00a0' };

/**
 * A listing's total as shoppers read it: grouped digits in their language, and "+" when the
 * catalogue stopped counting there (a broad search of a big catalogue: "1,000+", "1 000+").
 * Grouped by hand, as formatPrice does: the page's first Intl.NumberFormat loads locale data, which
 * cost the listing about 30 ms of main thread while it hydrated.
 */
export function shownTotal(list: { readonly total: number; readonly totalIsLowerBound?: boolean | undefined }, language: Language): string {
  const digits = Math.max(0, Math.round(list.total))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR[language]);
  return `${digits}${list.totalIsLowerBound ? '+' : ''}`;
}
