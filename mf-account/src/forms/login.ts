/**
 * The login form as a pure reducer. The component dispatches
 * user events; when `pending` becomes 'login' or 'reset' it calls the account service and dispatches the
 * outcome. Error texts are the spec's, verbatim.
 */
import type { AccountErrorKind } from '../firebase/errors.ts';
import { emailError } from './email.ts';
import { LOGIN_MESSAGES } from './loginMessages.ts';

// Re-exported for the modules that know the messages from here (src/i18n/formMessages.ts).
export { LOGIN_MESSAGES };

export interface LoginState {
  email: string;
  password: string;
  passwordVisible: boolean;
  /** Shown under the form ('' = none). */
  generalError: string;
  /** Shown under the email field ('' = none). */
  emailError: string;
  /** What the component should do now: call signIn ('login') or sendReset ('reset'). */
  pending: 'none' | 'login' | 'reset';
}

export type LoginAction =
  | { type: 'emailChanged'; value: string }
  | { type: 'passwordChanged'; value: string }
  | { type: 'passwordVisibilityToggled' }
  | { type: 'loginSubmitted' }
  | { type: 'loginSucceeded' }
  | { type: 'loginFailed'; kind: AccountErrorKind }
  | { type: 'resetRequested' }
  | { type: 'resetSucceeded' }
  | { type: 'resetFailed'; kind: AccountErrorKind };

export const initialLoginState: LoginState = {
  email: '',
  password: '',
  passwordVisible: false,
  generalError: '',
  emailError: '',
  pending: 'none',
};

/** Message for a failure the service reported; `fallback` is the spec's text for that form action. */
function failureMessage(kind: AccountErrorKind, fallback: string): string {
  switch (kind) {
    case 'network':
      return LOGIN_MESSAGES.network;
    case 'unavailable':
      return LOGIN_MESSAGES.unavailable;
    case 'too-many-requests':
      return LOGIN_MESSAGES.tooManyRequests;
    default:
      return fallback;
  }
}

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'emailChanged':
      // Typing in the email field clears both error texts.
      return { ...state, email: action.value, emailError: '', generalError: '' };
    case 'passwordChanged':
      // Typing in the password field clears the general error.
      return { ...state, password: action.value, generalError: '' };
    case 'passwordVisibilityToggled':
      return { ...state, passwordVisible: !state.passwordVisible };
    case 'loginSubmitted': {
      if (state.pending !== 'none') return state;
      const fieldError = emailError(state.email);
      if (fieldError) return { ...state, emailError: fieldError, generalError: '' };
      // No length rule on login; an empty password cannot succeed, so say so without a request.
      if (state.password === '') return { ...state, emailError: '', generalError: LOGIN_MESSAGES.wrongCredentials };
      return { ...state, emailError: '', generalError: '', pending: 'login' };
    }
    case 'loginSucceeded':
      return { ...state, password: '', passwordVisible: false, emailError: '', generalError: '', pending: 'none' };
    case 'loginFailed':
      return { ...state, pending: 'none', generalError: failureMessage(action.kind, LOGIN_MESSAGES.wrongCredentials) };
    case 'resetRequested': {
      if (state.pending !== 'none') return state;
      if (emailError(state.email)) return { ...state, generalError: LOGIN_MESSAGES.resetFailed };
      return { ...state, emailError: '', generalError: '', pending: 'reset' };
    }
    case 'resetSucceeded':
      return { ...state, generalError: '', pending: 'none' };
    case 'resetFailed':
      return { ...state, pending: 'none', generalError: failureMessage(action.kind, LOGIN_MESSAGES.resetFailed) };
    default:
      return state;
  }
}
