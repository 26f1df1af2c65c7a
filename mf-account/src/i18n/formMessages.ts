/**
 * The form logic (src/forms) speaks the spec's English, verbatim; the screens show those messages in
 * the shopper's language. This maps each known English message to its key; anything unknown is shown
 * as it is (never hidden).
 */
import type { Translate, TranslationParams } from 'shared-events';
import { ACCOUNT_ERROR_KINDS, DEFAULT_ERROR_MESSAGES, type AccountErrorKind } from '../firebase/errors.ts';
import { EMAIL_MESSAGES } from '../forms/email.ts';
import { LOGIN_MESSAGES } from '../forms/login.ts';
import { PASSWORD_POLICY, SIGNUP_MESSAGES } from '../forms/signup.ts';
import type { MessageKey } from './messages.en.ts';

type Entry = readonly [MessageKey, TranslationParams?];

const known = new Map<string, Entry>();
for (const kind of ACCOUNT_ERROR_KINDS) known.set(DEFAULT_ERROR_MESSAGES[kind], [`error.kind.${kind}`]);
known.set(EMAIL_MESSAGES.empty, ['error.emailEmpty']);
known.set(EMAIL_MESSAGES.invalid, ['error.emailInvalid']);
known.set(LOGIN_MESSAGES.wrongCredentials, ['error.wrongCredentials']);
known.set(LOGIN_MESSAGES.resetFailed, ['error.resetFailed']);
known.set(SIGNUP_MESSAGES.firstNameRequired, ['error.firstNameRequired']);
known.set(SIGNUP_MESSAGES.passwordRequired, ['error.passwordRequired']);
known.set(SIGNUP_MESSAGES.passwordTooShort, ['error.passwordTooShort', { min: PASSWORD_POLICY.minLength }]);
known.set(SIGNUP_MESSAGES.passwordTooLong, ['error.passwordTooLong', { max: PASSWORD_POLICY.maxLength }]);
known.set(SIGNUP_MESSAGES.passwordNeedsLetterAndDigit, ['error.passwordLetterDigit']);
known.set(SIGNUP_MESSAGES.repeatPasswordRequired, ['error.repeatRequired']);
known.set(SIGNUP_MESSAGES.passwordMismatch, ['error.passwordMismatch']);
known.set(SIGNUP_MESSAGES.privacyRequired, ['error.privacyRequired']);

/** The labels src/forms/signup.ts puts into tooLongMessage(). */
const LABELS: Record<string, MessageKey> = {
  'First name': 'field.firstName',
  'Last name': 'field.lastName',
  Telephone: 'field.telephone',
  'Address 1': 'field.address1',
  'Address 2': 'field.address2',
  City: 'field.city',
  'Post code': 'field.postCode',
  Country: 'field.country',
  'Region/State': 'field.region',
};

/** Translates a message from src/forms (or an AccountError's default text). */
export function translateFormMessage(t: Translate<MessageKey>, message: string): string {
  if (!message) return '';
  const entry = known.get(message);
  if (entry) return t(entry[0], entry[1]);
  const tooLong = /^(.+) must be at most (\d+) characters$/.exec(message);
  const label = tooLong?.[1] ? LABELS[tooLong[1]] : undefined;
  if (tooLong && label) return t('error.tooLong', { label: t(label), max: Number(tooLong[2]) });
  return message;
}

/** The message for an AccountError kind, in the current language. */
export function errorKindText(t: Translate<MessageKey>, kind: AccountErrorKind): string {
  return t(`error.kind.${kind}`);
}
