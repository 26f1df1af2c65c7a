import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import type { FieldError } from '../billing/billing.ts';
import type { MessageKey } from './messages.en.ts';

// A page loads these strings in its own language only; the other arrives on a switch.
const translator = createTranslator<MessageKey>({
  en: () => import(/* webpackChunkName: "messages-en" */ './messages.en.ts'),
  ru: () => import(/* webpackChunkName: "messages-ru" */ './messages.ru.ts'),
});

/** Translates into the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}

/** A field message in the shopper's language (the service's own messages are shown as sent). */
export function fieldMessage(t: Translate<MessageKey>, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return 'text' in error ? error.text : t(error.key, error.params);
}
