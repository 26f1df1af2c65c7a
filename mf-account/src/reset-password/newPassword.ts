/** The new password's two fields, checked by sign-up's own rules and messages (src/forms/password.ts). */
import { passwordError } from '../forms/password.ts';
import { SIGNUP_MESSAGES } from '../forms/signupMessages.ts';

export interface NewPasswordValues {
  password: string;
  repeatPassword: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/** One message per field, as sign-up shows them; an empty object when the password can be set. */
export function newPasswordErrors(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const password = passwordError(values.password);
  if (password) errors.password = password;
  if (values.repeatPassword === '') errors.repeatPassword = SIGNUP_MESSAGES.repeatPasswordRequired;
  else if (values.repeatPassword !== values.password) errors.repeatPassword = SIGNUP_MESSAGES.passwordMismatch;
  return errors;
}
