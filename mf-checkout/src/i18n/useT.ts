import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import type { FieldError } from '../billing/billing.ts';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

/** Translates into the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}

/** A field message in the shopper's language (the service's own messages are shown as sent). */
export function fieldMessage(t: Translate<MessageKey>, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return 'text' in error ? error.text : t(error.key, error.params);
}
