import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import type { MessageKey } from './messages.en.ts';

// A page loads the shell's strings in its own language only; the other arrives on a switch.
const translator = createTranslator<MessageKey>({
  en: () => import(/* webpackChunkName: "messages-en" */ './messages.en.ts'),
  ru: () => import(/* webpackChunkName: "messages-ru" */ './messages.ru.ts'),
});

/** The shell's strings in the shopper's language; re-renders when the language switch changes it. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}
