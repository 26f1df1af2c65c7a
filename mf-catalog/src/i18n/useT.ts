import { useSyncExternalStore } from 'react';
import { createTranslator, language, type Language, type Translate } from 'shared-events';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

export type T = Translate<MessageKey>;

/** The current UI language; follows shared-events `language` live. */
export function useLanguage(): Language {
  return useSyncExternalStore(language.subscribe, () => language.current, () => 'en');
}

/** This remote's translate function for the current language (stable per language). */
export function useT(): T {
  return translator.in(useLanguage());
}

/** For code outside React (toasts fired from handlers read the language at call time). */
export const translate: T = translator.t;
