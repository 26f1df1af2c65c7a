import { useCallback } from 'react';
import { createTranslator, type Translate } from 'shared-events';
import { useLanguage, useTranslate } from 'shared-events/react';
import { en, ru, type MessageKey } from './messages.ts';
import { pluralKey, type PluralBase } from './plural.ts';

const translator = createTranslator<MessageKey>({ en, ru });

/** Translates into the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}

/** Translates a counted phrase ("Cart, 3 items") with the plural form the language needs. */
export function useTn(): (base: PluralBase, count: number) => string {
  const lang = useLanguage();
  return useCallback((base, count) => translator.in(lang)(pluralKey(lang, base, count), { count }), [lang]);
}
