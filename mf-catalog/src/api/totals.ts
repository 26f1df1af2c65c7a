import type { Language } from 'shared-events';

const formats: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US'),
  ru: new Intl.NumberFormat('ru-RU'),
};

/**
 * A listing's total as shoppers read it: grouped digits in their language, and "+" when the
 * catalogue stopped counting there (a broad search of a big catalogue: "1,000+", "1 000+").
 */
export function shownTotal(list: { readonly total: number; readonly totalIsLowerBound?: boolean | undefined }, language: Language): string {
  return `${formats[language].format(list.total)}${list.totalIsLowerBound ? '+' : ''}`;
}
