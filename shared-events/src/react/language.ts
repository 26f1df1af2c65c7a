import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, language, type Language, type Translate, type Translator } from 'shared-events';

/**
 * The page's UI language; the caller re-renders the moment any remote switches it. A server render
 * knows no shopper's choice (it lives in their browser), so it renders the default language.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(language.subscribe, () => language.current, () => DEFAULT_LANGUAGE);
}

/** A remote's translate function in the current language (stable per language). */
export function useTranslate<K extends string>(translator: Translator<K>): Translate<K> {
  return translator.in(useLanguage());
}
