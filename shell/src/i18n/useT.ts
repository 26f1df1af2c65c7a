import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import { en, ru, type MessageKey } from './messages.ts';

const translator = createTranslator<MessageKey>({ en, ru });

/** The shell's strings in the shopper's language; re-renders when the language switch changes it. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}
