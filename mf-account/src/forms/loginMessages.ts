/**
 * The login form's messages (login.ts), apart from its reducer: the translations
 * (src/i18n/formMessages.ts), which every form loads, need no login code.
 */
import { DEFAULT_ERROR_MESSAGES } from '../firebase/errors.ts';
import { EMAIL_MESSAGES } from './email.ts';

export const LOGIN_MESSAGES = {
  emptyEmail: EMAIL_MESSAGES.empty,
  invalidEmail: EMAIL_MESSAGES.invalid,
  /** Failed sign-in with a well-formed email. */
  wrongCredentials: 'Wrong information.! Please Check Your Email and Password',
  /** Failed password reset. */
  resetFailed: 'Firstly, Enter your valid email',
  /** Beyond the specified errors: the service could not be reached (telling the shopper their password is wrong would mislead). */
  network: DEFAULT_ERROR_MESSAGES.network,
  unavailable: DEFAULT_ERROR_MESSAGES.unavailable,
  tooManyRequests: DEFAULT_ERROR_MESSAGES['too-many-requests'],
} as const;
