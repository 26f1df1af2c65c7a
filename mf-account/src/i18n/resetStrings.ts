import { createTranslator } from 'shared-events';
import type { ResetMessageKey } from './resetMessages.en.ts';

// Created when the first module of /reset-password loads: the shell's translationsReady() then waits for
// these strings as well, and a part whose code comes later awaits ready() before it shows.
export const resetStrings = createTranslator<ResetMessageKey>({
  en: () => import(/* webpackChunkName: "reset-messages-en" */ './resetMessages.en.ts'),
  ru: () => import(/* webpackChunkName: "reset-messages-ru" */ './resetMessages.ru.ts'),
});
