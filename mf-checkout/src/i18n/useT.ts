import { useSyncExternalStore } from 'react';
import { createTranslator, language, type Language, type Translate } from 'shared-events';
import type { FieldError } from '../billing/billing.ts';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

/** The shared UI language; every checkout screen re-renders the moment the shell switches it. */
export function useLanguage(): Language {
  return useSyncExternalStore(language.subscribe, () => language.current, () => language.current);
}

/** Translates into the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return translator.in(useLanguage());
}

/** A field message in the shopper's language (the service's own messages are shown as sent). */
export function fieldMessage(t: Translate<MessageKey>, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return 'text' in error ? error.text : t(error.key, error.params);
}
