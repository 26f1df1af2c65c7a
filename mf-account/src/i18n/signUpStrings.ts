import { createTranslator } from 'shared-events';
import type { SignUpMessageKey } from './signUpMessages.en.ts';

// Created when the first module of /sign-up loads: the shell's translationsReady() then waits for
// these strings as well, and a part whose code comes later awaits ready() before it shows.
export const signUpStrings = createTranslator<SignUpMessageKey>({
  en: () => import(/* webpackChunkName: "signUp-messages-en" */ './signUpMessages.en.ts'),
  ru: () => import(/* webpackChunkName: "signUp-messages-ru" */ './signUpMessages.ru.ts'),
});
