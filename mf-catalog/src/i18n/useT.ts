import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import type { MessageKey } from './messages.en.ts';

// A page loads these strings in its own language only; the other arrives on a switch.
const translator = createTranslator<MessageKey>({
  en: () => import(/* webpackChunkName: "messages-en" */ './messages.en.ts'),
  ru: () => import(/* webpackChunkName: "messages-ru" */ './messages.ru.ts'),
});

export type T = Translate<MessageKey>;

/** This remote's translate function for the current language (stable per language). */
export function useT(): T {
  return useTranslate(translator);
}

/** For code outside React (toasts fired from handlers read the language at call time). */
export const translate: T = translator.t;
