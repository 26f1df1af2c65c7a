import { createTranslator } from 'shared-events';
import type { AccountMessageKey } from './accountMessages.en.ts';

// Created when the first module of My Account (and the dashboard /login shows a signed-in shopper) loads: the shell's translationsReady() then waits for
// these strings as well, and a part whose code comes later awaits ready() before it shows.
export const accountStrings = createTranslator<AccountMessageKey>({
  en: () => import(/* webpackChunkName: "account-messages-en" */ './accountMessages.en.ts'),
  ru: () => import(/* webpackChunkName: "account-messages-ru" */ './accountMessages.ru.ts'),
});
