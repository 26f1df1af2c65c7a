/**
 * The sign-up form's messages and password policy (signup.ts), apart from its validation: the
 * translations (src/i18n/formMessages.ts) and the other forms that show them need no sign-up code.
 */
import { DEFAULT_ERROR_MESSAGES } from '../firebase/errors.ts';
import { EMAIL_MESSAGES } from './email.ts';

export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;

export const SIGNUP_MESSAGES = {
  emptyEmail: EMAIL_MESSAGES.empty,
  invalidEmail: EMAIL_MESSAGES.invalid,
  firstNameRequired: 'Please enter your first name',
  passwordRequired: 'Please enter a password',
  passwordTooShort: `Password must be at least ${PASSWORD_POLICY.minLength} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_POLICY.maxLength} characters long`,
  passwordNeedsLetterAndDigit: 'Password must contain at least one letter and one digit',
  repeatPasswordRequired: 'Please repeat your password',
  passwordMismatch: 'Passwords do not match',
  privacyRequired: 'Please agree to the Privacy Policy to create an account',
  emailInUse: DEFAULT_ERROR_MESSAGES['email-already-in-use'],
  weakPassword: DEFAULT_ERROR_MESSAGES['weak-password'],
  /** Toast on success (spec, verbatim). */
  success: 'Congratulations, SignUp Done!',
} as const;

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;
