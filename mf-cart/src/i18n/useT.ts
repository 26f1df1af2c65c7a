import { useCallback, useSyncExternalStore } from 'react';
import { createTranslator, language, type Language, type Translate } from 'shared-events';
import { en, ru, type MessageKey } from './messages.ts';
import { pluralKey, type PluralBase } from './plural.ts';

const translator = createTranslator<MessageKey>({ en, ru });

/** The shared UI language; every cart screen re-renders the moment the shell switches it. */
export function useLanguage(): Language {
  return useSyncExternalStore(language.subscribe, () => language.current, () => language.current);
}

/** Translates into the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return translator.in(useLanguage());
}

/** Translates a counted phrase ("Cart, 3 items") with the plural form the language needs. */
export function useTn(): (base: PluralBase, count: number) => string {
  const lang = useLanguage();
  return useCallback((base, count) => translator.in(lang)(pluralKey(lang, base, count), { count }), [lang]);
}
