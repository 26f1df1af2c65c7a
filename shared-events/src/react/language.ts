import { useSyncExternalStore } from 'react';
import { language, renderScope, type Language, type Translate, type Translator } from 'shared-events';

/**
 * The page's UI language; the caller re-renders the moment any remote switches it. A server render
 * uses the request's language (the shopper's `lang` cookie), and the browser hydrates in the one the
 * page was rendered in before switching to the shopper's stored choice, if that differs.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(
    language.subscribe,
    () => language.current,
    () => renderScope().language,
  );
}

/**
 * A remote's translate function in the current language (stable per language). After a switch to a
 * language whose catalogue is still loading it is the previous language's, and the caller re-renders
 * when the catalogue arrives.
 */
export function useTranslate<K extends string>(translator: Translator<K>): Translate<K> {
  const current = useLanguage();
  const translate = () => translator.in(current);
  return useSyncExternalStore(translator.subscribe, translate, translate);
}
