import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import type { MessageKey } from './messages.en.ts';

// A page loads these strings in its own language only; the other arrives on a switch.
const translator = createTranslator<MessageKey>({
  en: () => import(/* webpackChunkName: "messages-en" */ './messages.en.ts'),
  ru: () => import(/* webpackChunkName: "messages-ru" */ './messages.ru.ts'),
});

/** The screens' strings in the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}

export type { MessageKey };
