import { createTranslator } from 'shared-events';
import type { LoginMessageKey } from './loginMessages.en.ts';

// Created when the first module of /login and the login form of My Account and /user loads: the shell's translationsReady() then waits for
// these strings as well, and a part whose code comes later awaits ready() before it shows.
export const loginStrings = createTranslator<LoginMessageKey>({
  en: () => import(/* webpackChunkName: "login-messages-en" */ './loginMessages.en.ts'),
  ru: () => import(/* webpackChunkName: "login-messages-ru" */ './loginMessages.ru.ts'),
});
