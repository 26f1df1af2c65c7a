import { useCallback } from 'react';
import { createTranslator, type Translate } from 'shared-events';
import { useLanguage, useTranslate } from 'shared-events/react';
import type { MessageKey } from './messages.en.ts';
import { pluralKey, type PluralBase } from './plural.ts';

// A page loads these strings in its own language only; the other arrives on a switch.
const translator = createTranslator<MessageKey>({
  en: () => import(/* webpackChunkName: "messages-en" */ './messages.en.ts'),
  ru: () => import(/* webpackChunkName: "messages-ru" */ './messages.ru.ts'),
});

/** Translates into the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}

/** Translates a counted phrase ("Cart, 3 items") with the plural form the language needs. */
export function useTn(): (base: PluralBase, count: number) => string {
  const lang = useLanguage();
  const t = useT();
  return useCallback((base, count) => t(pluralKey(lang, base, count), { count }), [t, lang]);
}
