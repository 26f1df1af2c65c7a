import { formatPrice } from 'shared-events';

const locales = { en: 'en-GB', ru: 'ru-RU' } as const;

/** A moment as staff read it, in the page's language: "27 Nov 2026, 01:40". */
export function formatWhen(iso: string, language: 'en' | 'ru'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The shop's prices are dollars, shown as the storefront shows them. */
export const formatMoney = (cents: number): string => formatPrice(cents);
