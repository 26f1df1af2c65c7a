import { SIGNUP_MESSAGES } from '../forms/signup.ts';
import { newPasswordErrors } from './newPassword.ts';
import { readResetLink } from './resetLink.ts';

describe('readResetLink', () => {
  it('reads the code and the language of the shop’s mail and of Firebase’s action URL', () => {
    expect(readResetLink('?mode=resetPassword&oobCode=abc123&lang=ru')).toEqual({ kind: 'code', code: 'abc123', lang: 'ru' });
    expect(readResetLink('?mode=resetPassword&oobCode=abc123&apiKey=k&lang=en-GB')).toEqual({ kind: 'code', code: 'abc123', lang: 'en' });
    expect(readResetLink('?oobCode=abc123')).toEqual({ kind: 'code', code: 'abc123', lang: null });
    expect(readResetLink('?oobCode=abc123&lang=de')).toEqual({ kind: 'code', code: 'abc123', lang: null });
  });

  it('has nothing to work with without a code, or for another account action', () => {
    expect(readResetLink('')).toEqual({ kind: 'missing' });
    expect(readResetLink('?mode=resetPassword&oobCode=%20')).toEqual({ kind: 'missing' });
    expect(readResetLink('?mode=verifyEmail&oobCode=abc123')).toEqual({ kind: 'other-action' });
  });
});

describe('newPasswordErrors', () => {
  it('applies sign-up’s password rules and its messages', () => {
    expect(newPasswordErrors({ password: '', repeatPassword: '' })).toEqual({
      password: SIGNUP_MESSAGES.passwordRequired,
      repeatPassword: SIGNUP_MESSAGES.repeatPasswordRequired,
    });
    expect(newPasswordErrors({ password: 'abc1', repeatPassword: 'abc1' })).toEqual({ password: SIGNUP_MESSAGES.passwordTooShort });
    expect(newPasswordErrors({ password: 'abcdefgh', repeatPassword: 'abcdefgh' })).toEqual({ password: SIGNUP_MESSAGES.passwordNeedsLetterAndDigit });
    expect(newPasswordErrors({ password: 'abcd1234', repeatPassword: 'abcd12345' })).toEqual({ repeatPassword: SIGNUP_MESSAGES.passwordMismatch });
    expect(newPasswordErrors({ password: 'abcd1234', repeatPassword: 'abcd1234' })).toEqual({});
  });
});
