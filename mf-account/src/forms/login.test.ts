import { ACCOUNT_ERROR_KINDS, type AccountErrorKind } from '../firebase/errors.ts';
import { LOGIN_MESSAGES, initialLoginState, loginReducer, type LoginAction, type LoginState } from './login.ts';

const run = (actions: LoginAction[], from: LoginState = initialLoginState) => actions.reduce(loginReducer, from);
const typed = (email: string, password: string) =>
  run([
    { type: 'emailChanged', value: email },
    { type: 'passwordChanged', value: password },
  ]);
const withErrors: LoginState = { ...initialLoginState, email: 'x', emailError: 'E', generalError: 'G' };

describe('login messages', () => {
  it('are the spec strings, verbatim (typos included)', () => {
    expect(LOGIN_MESSAGES.emptyEmail).toBe('Please fill it with your Email');
    expect(LOGIN_MESSAGES.invalidEmail).toBe('Please enter the valid email');
    expect(LOGIN_MESSAGES.wrongCredentials).toBe('Wrong information.! Please Check Your Email and Password');
    expect(LOGIN_MESSAGES.resetFailed).toBe('Firstly, Enter your valid email');
  });
});

describe('field changes', () => {
  it('typing in the email field stores it and clears both errors', () => {
    expect(loginReducer(withErrors, { type: 'emailChanged', value: 'a@b.io' })).toEqual({ ...withErrors, email: 'a@b.io', emailError: '', generalError: '' });
  });

  it('typing in the password field stores it and clears only the general error', () => {
    expect(loginReducer(withErrors, { type: 'passwordChanged', value: 'pw' })).toEqual({ ...withErrors, password: 'pw', generalError: '' });
  });

  it('the eye toggle flips password visibility', () => {
    const once = loginReducer(initialLoginState, { type: 'passwordVisibilityToggled' });
    expect(once.passwordVisible).toBe(true);
    expect(loginReducer(once, { type: 'passwordVisibilityToggled' }).passwordVisible).toBe(false);
  });

  it('starts empty with no errors and nothing pending', () => {
    expect(initialLoginState).toEqual({ email: '', password: '', passwordVisible: false, generalError: '', emailError: '', pending: 'none' });
  });
});

describe('log in', () => {
  it('an empty email gives the email-field error and sends nothing', () => {
    const s = run([{ type: 'loginSubmitted' }], typed('  ', 'secret'));
    expect(s).toMatchObject({ emailError: 'Please fill it with your Email', generalError: '', pending: 'none' });
  });

  it('a malformed email gives the other email-field error and sends nothing', () => {
    const s = run([{ type: 'loginSubmitted' }], typed('ann@', 'secret'));
    expect(s).toMatchObject({ emailError: 'Please enter the valid email', generalError: '', pending: 'none' });
  });

  it('a well-formed email asks for sign-in (no password length rule on login)', () => {
    const s = run([{ type: 'loginSubmitted' }], typed('ann@example.com', 'x'));
    expect(s).toMatchObject({ emailError: '', generalError: '', pending: 'login' });
  });

  it('an empty password with a well-formed email fails with the general error without a request', () => {
    const s = run([{ type: 'loginSubmitted' }], typed('ann@example.com', ''));
    expect(s).toMatchObject({ generalError: 'Wrong information.! Please Check Your Email and Password', pending: 'none' });
  });

  it('a failed sign-in shows the general error', () => {
    const s = run([{ type: 'loginSubmitted' }, { type: 'loginFailed', kind: 'invalid-credential' }], typed('ann@example.com', 'bad'));
    expect(s).toMatchObject({ generalError: 'Wrong information.! Please Check Your Email and Password', emailError: '', pending: 'none' });
  });

  it.each(ACCOUNT_ERROR_KINDS)('failure kind %s gets a clear general message', (kind: AccountErrorKind) => {
    const s = loginReducer({ ...initialLoginState, pending: 'login' }, { type: 'loginFailed', kind });
    const expected =
      kind === 'network'
        ? LOGIN_MESSAGES.network
        : kind === 'unavailable'
          ? LOGIN_MESSAGES.unavailable
          : kind === 'too-many-requests'
            ? LOGIN_MESSAGES.tooManyRequests
            : LOGIN_MESSAGES.wrongCredentials;
    expect(s.generalError).toBe(expected);
    expect(s.pending).toBe('none');
  });

  it('success clears the password, hides it again and clears errors', () => {
    const s = run([{ type: 'passwordVisibilityToggled' }, { type: 'loginSubmitted' }, { type: 'loginSucceeded' }], typed('ann@example.com', 'pw'));
    expect(s).toEqual({ ...initialLoginState, email: 'ann@example.com' });
  });

  it('ignores a second submit while a request is pending', () => {
    const pending = run([{ type: 'loginSubmitted' }], typed('ann@example.com', 'pw'));
    expect(loginReducer(pending, { type: 'loginSubmitted' })).toBe(pending);
    expect(loginReducer(pending, { type: 'resetRequested' })).toBe(pending);
  });

  it('typing after a failure clears the message as the spec says', () => {
    const failed = run([{ type: 'loginSubmitted' }, { type: 'loginFailed', kind: 'invalid-credential' }], typed('ann@example.com', 'bad'));
    expect(loginReducer(failed, { type: 'passwordChanged', value: 'better' }).generalError).toBe('');
    expect(loginReducer(failed, { type: 'emailChanged', value: 'ann@example.org' }).generalError).toBe('');
    const emailFailed = run([{ type: 'loginSubmitted' }], typed('', 'pw'));
    expect(loginReducer(emailFailed, { type: 'passwordChanged', value: 'x' }).emailError).toBe('Please fill it with your Email');
    expect(loginReducer(emailFailed, { type: 'emailChanged', value: 'a' }).emailError).toBe('');
  });
});

describe('password reset', () => {
  it.each(['', '   ', 'ann', 'ann@example'])('with an empty or malformed email (%j) fails with the general reset error', (email) => {
    const s = run([{ type: 'resetRequested' }], typed(email, ''));
    expect(s).toMatchObject({ generalError: 'Firstly, Enter your valid email', pending: 'none' });
  });

  it('with a well-formed email asks for the reset email, clearing errors', () => {
    const s = run([{ type: 'resetRequested' }], { ...typed('ann@example.com', ''), emailError: 'old', generalError: 'old' });
    expect(s).toMatchObject({ generalError: '', emailError: '', pending: 'reset' });
  });

  it('success ends the request (the component shows the toast)', () => {
    const s = run([{ type: 'resetRequested' }, { type: 'resetSucceeded' }], typed('ann@example.com', ''));
    expect(s).toMatchObject({ generalError: '', pending: 'none' });
  });

  it.each(ACCOUNT_ERROR_KINDS)('failure kind %s shows a clear general message', (kind: AccountErrorKind) => {
    const s = loginReducer({ ...initialLoginState, pending: 'reset' }, { type: 'resetFailed', kind });
    const expected =
      kind === 'network'
        ? LOGIN_MESSAGES.network
        : kind === 'unavailable'
          ? LOGIN_MESSAGES.unavailable
          : kind === 'too-many-requests'
            ? LOGIN_MESSAGES.tooManyRequests
            : 'Firstly, Enter your valid email';
    expect(s.generalError).toBe(expected);
    expect(s.pending).toBe('none');
  });
});

it('ignores unknown actions', () => {
  expect(loginReducer(initialLoginState, { type: 'nope' } as unknown as LoginAction)).toBe(initialLoginState);
});
