import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

/** Translates into the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}
