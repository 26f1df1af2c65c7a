/**
 * The sign-up form: validation with one clear message per field, and a pure
 * reducer for the form's life cycle. The email messages are the spec's, verbatim.
 *
 * Password policy (ours; the spec shows none and Firebase's default minimum is 6): at least 8 characters
 * (as the login placeholder "minimum 8 digits" suggests), at most 128, with at least one letter and at
 * least one digit. Spaces and any other characters are allowed; passwords are never trimmed.
 */
import type { SignUpInput } from '../firebase/accountService.ts';
import { DEFAULT_ERROR_MESSAGES, type AccountErrorKind } from '../firebase/errors.ts';
import { USER_RECORD_LIMITS } from '../firebase/userRecordLimits.ts';
import { emailError } from './email.ts';
import { passwordError } from './password.ts';
import { PASSWORD_POLICY, SIGNUP_MESSAGES, tooLongMessage } from './signupMessages.ts';

// Re-exported for the modules that know them from here (src/i18n/formMessages.ts, forms/index.ts).
export { passwordError, PASSWORD_POLICY, SIGNUP_MESSAGES, tooLongMessage };

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  address1: string;
  address2: string;
  city: string;
  postCode: string;
  country: string;
  region: string;
  password: string;
  repeatPassword: string;
  agreePrivacy: boolean;
  newsletter: boolean;
}

export type SignUpField = keyof SignUpValues;
export type SignUpErrors = Partial<Record<SignUpField, string>>;

export const initialSignUpValues: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  telephone: '',
  address1: '',
  address2: '',
  city: '',
  postCode: '',
  country: '',
  region: '',
  password: '',
  repeatPassword: '',
  agreePrivacy: false,
  newsletter: false,
};

/** Optional text fields with their labels and the database's limits. */
const OPTIONAL_TEXT: Array<[Exclude<SignUpField, 'password' | 'repeatPassword' | 'agreePrivacy' | 'newsletter' | 'firstName' | 'email'>, string, number]> = [
  ['lastName', 'Last name', USER_RECORD_LIMITS.lastName],
  ['telephone', 'Telephone', USER_RECORD_LIMITS.telephone],
  ['address1', 'Address 1', USER_RECORD_LIMITS.address1],
  ['address2', 'Address 2', USER_RECORD_LIMITS.address2],
  ['city', 'City', USER_RECORD_LIMITS.city],
  ['postCode', 'Post code', USER_RECORD_LIMITS.postCode],
  ['country', 'Country', USER_RECORD_LIMITS.country],
  ['region', 'Region/State', USER_RECORD_LIMITS.region],
];

/** Every failure, one message per field. Empty object = valid. */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  const firstName = values.firstName.trim();
  if (firstName === '') errors.firstName = SIGNUP_MESSAGES.firstNameRequired;
  else if (firstName.length > USER_RECORD_LIMITS.username) errors.firstName = tooLongMessage('First name', USER_RECORD_LIMITS.username);
  const email = emailError(values.email);
  if (email) errors.email = email;
  for (const [field, label, max] of OPTIONAL_TEXT) {
    if (values[field].trim().length > max) errors[field] = tooLongMessage(label, max);
  }
  const password = passwordError(values.password);
  if (password) errors.password = password;
  if (values.repeatPassword === '') errors.repeatPassword = SIGNUP_MESSAGES.repeatPasswordRequired;
  else if (values.repeatPassword !== values.password) errors.repeatPassword = SIGNUP_MESSAGES.passwordMismatch;
  if (!values.agreePrivacy) errors.agreePrivacy = SIGNUP_MESSAGES.privacyRequired;
  return errors;
}

export function hasErrors(errors: SignUpErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** What the account service's signUp() takes, from valid form values. */
export function toSignUpInput(values: SignUpValues): SignUpInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    telephone: values.telephone.trim(),
    address1: values.address1.trim(),
    address2: values.address2.trim(),
    city: values.city.trim(),
    postCode: values.postCode.trim(),
    country: values.country.trim(),
    region: values.region.trim(),
    newsletter: values.newsletter,
    password: values.password,
  };
}

/** Where a failed signUp() is shown: next to a field, or as the form's general error. */
export function signUpFailure(kind: AccountErrorKind): { field: SignUpField; message: string } | { field: null; message: string } {
  switch (kind) {
    case 'email-already-in-use':
      return { field: 'email', message: SIGNUP_MESSAGES.emailInUse };
    case 'invalid-email':
      return { field: 'email', message: SIGNUP_MESSAGES.invalidEmail };
    case 'weak-password':
      return { field: 'password', message: SIGNUP_MESSAGES.weakPassword };
    default:
      return { field: null, message: DEFAULT_ERROR_MESSAGES[kind] };
  }
}

export interface SignUpState {
  values: SignUpValues;
  errors: SignUpErrors;
  /** Failure not tied to a field (service unavailable, ...); '' = none. */
  formError: string;
  /** The component should call signUp(toSignUpInput(values)) now. */
  pending: boolean;
  /** Set by a success: show the toast "Congratulations, SignUp Done!", go to /login after 2.5 s. */
  succeeded: boolean;
}

export type SignUpAction =
  | { type: 'fieldChanged'; field: SignUpField; value: string | boolean }
  | { type: 'submitted' }
  | { type: 'succeeded' }
  | { type: 'failed'; kind: AccountErrorKind };

export const initialSignUpState: SignUpState = {
  values: initialSignUpValues,
  errors: {},
  formError: '',
  pending: false,
  succeeded: false,
};

export function signUpReducer(state: SignUpState, action: SignUpAction): SignUpState {
  switch (action.type) {
    case 'fieldChanged': {
      const current = state.values[action.field];
      if (typeof current !== typeof action.value) return state; // text fields take strings, checkboxes booleans
      const values = { ...state.values, [action.field]: action.value } as SignUpValues;
      const errors = { ...state.errors };
      delete errors[action.field];
      // A mismatch is about both password fields: editing either one withdraws it.
      if (action.field === 'password' && errors.repeatPassword === SIGNUP_MESSAGES.passwordMismatch) delete errors.repeatPassword;
      return { ...state, values, errors, formError: '', succeeded: false };
    }
    case 'submitted': {
      if (state.pending) return state;
      const errors = validateSignUp(state.values);
      if (hasErrors(errors)) return { ...state, errors, formError: '', succeeded: false };
      return { ...state, errors: {}, formError: '', pending: true, succeeded: false };
    }
    case 'succeeded':
      // A successful sign-up clears the form.
      return { ...initialSignUpState, succeeded: true };
    case 'failed': {
      const failure = signUpFailure(action.kind);
      if (failure.field === null) return { ...state, pending: false, formError: failure.message };
      return { ...state, pending: false, errors: { ...state.errors, [failure.field]: failure.message } };
    }
    default:
      return state;
  }
}
