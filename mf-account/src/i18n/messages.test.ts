import { ACCOUNT_ERROR_KINDS, DEFAULT_ERROR_MESSAGES } from '../firebase/errors.ts';
import { EMAIL_MESSAGES } from '../forms/email.ts';
import { LOGIN_MESSAGES } from '../forms/login.ts';
import { SIGNUP_MESSAGES, tooLongMessage } from '../forms/signup.ts';
import { createTranslator } from 'shared-events';
import { translateFormMessage } from './formMessages.ts';
import accountEn from './accountMessages.en.ts';
import accountRu from './accountMessages.ru.ts';
import loginEn from './loginMessages.en.ts';
import loginRu from './loginMessages.ru.ts';
import menuEn from './menuMessages.en.ts';
import menuRu from './menuMessages.ru.ts';
import pagesEn from './messages.en.ts';
import pagesRu from './messages.ru.ts';
import resetEn from './resetMessages.en.ts';
import resetRu from './resetMessages.ru.ts';
import signUpEn from './signUpMessages.en.ts';
import signUpRu from './signUpMessages.ru.ts';
import { SHARED_PREFIXES } from './sharedPrefixes.ts';
import userEn from './userMessages.en.ts';
import userRu from './userMessages.ru.ts';

const pages = { en: pagesEn, ru: pagesRu };
const menu = { en: menuEn, ru: menuRu };
const screens = {
  login: { en: loginEn, ru: loginRu },
  signUp: { en: signUpEn, ru: signUpRu },
  reset: { en: resetEn, ru: resetRu },
  account: { en: accountEn, ru: accountRu },
  user: { en: userEn, ru: userRu },
};

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

type Strings = Record<string, string>;
const catalogues: Array<[string, Strings, Strings]> = [
  ['shared', pages.en, pages.ru],
  ...Object.entries(screens).map(([name, { en, ru }]): [string, Strings, Strings] => [name, en, ru]),
  ['menu', menu.en, menu.ru],
];

describe.each(catalogues)('%s messages', (_name, en, ru) => {
  it('translate every key into Russian, never empty, same placeholders', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(ru[key]?.trim()).not.toBe('');
      expect(placeholders(ru[key] ?? '')).toEqual(placeholders(en[key] ?? ''));
      const words = (en[key] ?? '').replace(/\{\w+\}/g, '');
      if (/[a-z]{3}/i.test(words) && !/@/.test(words)) expect(ru[key]).not.toBe(en[key]);
    }
  });
});

describe('screen strings', () => {
  const prefix = (key: string) => key.slice(0, key.indexOf('.'));

  it('are told from the shared ones by their prefix (useT sends a key by it)', () => {
    for (const key of Object.keys(pages.en)) expect(SHARED_PREFIXES).toContain(prefix(key));
    for (const { en } of Object.values(screens)) for (const key of Object.keys(en)) expect(SHARED_PREFIXES).not.toContain(prefix(key));
  });

  it('belong to one screen each', () => {
    const keys = Object.values(screens).flatMap(({ en }) => Object.keys(en));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('spec strings', () => {
  it('stay verbatim in English', () => {
    expect(screens.login.en['login.title']).toBe('Login');
    expect(screens.login.en['login.returning']).toBe('Returning Customer');
    expect(screens.login.en['login.new']).toBe('New Customer');
    expect(screens.login.en['login.submit']).toBe('Log in');
    expect(screens.login.en['login.forgot']).toBe('Forget pasword');
    expect(screens.login.en['login.passwordPlaceholder']).toBe('minimum 8 digits');
    expect(screens.login.en['login.signUp']).toBe('Sign Up');
    expect(screens.signUp.en['signup.success']).toBe('Congratulations, SignUp Done!');
    expect(pages.en['error.emailEmpty']).toBe('Please fill it with your Email');
    expect(pages.en['error.emailInvalid']).toBe('Please enter the valid email');
    expect(pages.en['error.wrongCredentials']).toBe('Wrong information.! Please Check Your Email and Password');
    expect(pages.en['error.resetFailed']).toBe('Firstly, Enter your valid email');
    for (const tab of ['Dashboard', 'Others', 'Downloads', 'Addresses', 'Account details', 'Logout']) expect(Object.values(screens.account.en)).toContain(tab);
    expect(menu.en['menu.myAccount']).toBe('My Account');
    expect(menu.en['menu.logOut']).toBe('Log Out');
    expect(menu.en['menu.signUp']).toBe('Sign Up');
    expect(menu.en['menu.logIn']).toBe('Log In');
  });
});

describe('translateFormMessage', () => {
  const translator = createTranslator({ en: pages.en, ru: pages.ru });
  const en = translator.in('en');
  const ru = translator.in('ru');

  it('knows every message the form logic and the account service produce', () => {
    const messages = [
      ...Object.values(EMAIL_MESSAGES),
      ...Object.values(LOGIN_MESSAGES),
      ...Object.values(SIGNUP_MESSAGES).filter((m) => m !== SIGNUP_MESSAGES.success),
      ...ACCOUNT_ERROR_KINDS.map((kind) => DEFAULT_ERROR_MESSAGES[kind]),
    ];
    for (const message of messages) {
      expect(translateFormMessage(en, message)).toBe(message);
      expect(translateFormMessage(ru, message)).not.toBe(message);
    }
  });

  it('names a too-long field by its label on screen', () => {
    expect(translateFormMessage(en, tooLongMessage('Post code', 20))).toBe('Post Code must be at most 20 characters');
    expect(translateFormMessage(ru, tooLongMessage('Region/State', 100))).toBe('Поле «Регион/область» должно содержать не более 100 символов');
  });

  it('shows an unknown message as it is', () => {
    expect(translateFormMessage(ru, 'Something new')).toBe('Something new');
    expect(translateFormMessage(ru, '')).toBe('');
  });
});
