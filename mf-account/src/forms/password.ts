/** The password policy as a rule (signupMessages.ts): sign-up and a reset link's new password share it. */
import { PASSWORD_POLICY, SIGNUP_MESSAGES } from './signupMessages.ts';

/** The password-field error for `password`, or '' when it meets the policy. */
export function passwordError(password: string): string {
  if (password === '') return SIGNUP_MESSAGES.passwordRequired;
  const length = [...password].length;
  if (length < PASSWORD_POLICY.minLength) return SIGNUP_MESSAGES.passwordTooShort;
  if (length > PASSWORD_POLICY.maxLength) return SIGNUP_MESSAGES.passwordTooLong;
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return SIGNUP_MESSAGES.passwordNeedsLetterAndDigit;
  return '';
}
