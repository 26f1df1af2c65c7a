export { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, emailError, isValidEmail } from './email.ts';
export { LOGIN_MESSAGES, initialLoginState, loginReducer, type LoginAction, type LoginState } from './login.ts';
export {
  PASSWORD_POLICY,
  SIGNUP_MESSAGES,
  hasErrors,
  initialSignUpState,
  initialSignUpValues,
  passwordError,
  signUpFailure,
  signUpReducer,
  toSignUpInput,
  tooLongMessage,
  validateSignUp,
  type SignUpAction,
  type SignUpErrors,
  type SignUpField,
  type SignUpState,
  type SignUpValues,
} from './signup.ts';
