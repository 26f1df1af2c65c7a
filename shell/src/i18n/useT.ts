import { useSyncExternalStore } from 'react';
import { createTranslator, language, type Language, type Translate } from 'shared-events';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

export function useLanguage(): Language {
  return useSyncExternalStore(language.subscribe, () => language.current, () => 'en');
}

/** The shell's strings in the shopper's language; re-renders when the language switch changes it. */
export function useT(): Translate<MessageKey> {
  return translator.in(useLanguage());
}
