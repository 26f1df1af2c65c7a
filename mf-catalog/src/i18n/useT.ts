import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

export type T = Translate<MessageKey>;

/** This remote's translate function for the current language (stable per language). */
export function useT(): T {
  return useTranslate(translator);
}

/** For code outside React (toasts fired from handlers read the language at call time). */
export const translate: T = translator.t;
