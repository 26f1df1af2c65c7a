import { useCallback, useSyncExternalStore } from 'react';
import { language, type Language } from 'shared-events';
import { en, ru, type MessageKey } from './messages.ts';

const catalogues: Record<Language, Record<MessageKey, string>> = { en, ru };

function subscribe(onChange: () => void): () => void {
  const subscription = language.current$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, () => language.current, () => 'en');
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translate(lang: Language, key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogues[lang][key] ?? en[key];
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;
}

export function useT(): Translate {
  const lang = useLanguage();
  return useCallback((key, params) => translate(lang, key, params), [lang]);
}
