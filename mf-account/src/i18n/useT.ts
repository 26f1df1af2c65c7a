import { useSyncExternalStore } from 'react';
import { createTranslator, language, type Language, type Translate } from 'shared-events';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

/** The shared UI language; every account screen re-renders the moment the shell switches it. */
export function useLanguage(): Language {
  return useSyncExternalStore(language.subscribe, () => language.current, () => language.current);
}

/** The screens' strings in the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return translator.in(useLanguage());
}

export type { MessageKey };
