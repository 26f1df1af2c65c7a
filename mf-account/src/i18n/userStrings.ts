import { createTranslator } from 'shared-events';
import type { UserMessageKey } from './userMessages.en.ts';

// Created when the first module of /user loads: the shell's translationsReady() then waits for
// these strings as well, and a part whose code comes later awaits ready() before it shows.
export const userStrings = createTranslator<UserMessageKey>({
  en: () => import(/* webpackChunkName: "user-messages-en" */ './userMessages.en.ts'),
  ru: () => import(/* webpackChunkName: "user-messages-ru" */ './userMessages.ru.ts'),
});
