import { ACCOUNT_ERROR_KINDS, DEFAULT_ERROR_MESSAGES } from '../firebase/errors.ts';
import { USER_RECORD_LIMITS } from '../firebase/userRecordLimits.ts';
import {
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
  type SignUpState,
  type SignUpValues,
} from './signup.ts';

const good: SignUpValues = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  telephone: '+371 2000 0000',
  address1: 'Brivibas iela 1',
  address2: '',
  city: 'Riga',
  postCode: 'LV-1050',
  country: 'Latvia',
  region: 'Riga',
  password: 'abcd1234',
  repeatPassword: 'abcd1234',
  agreePrivacy: true,
  newsletter: false,
};
const run = (actions: SignUpAction[], from: SignUpState = initialSignUpState) => actions.reduce(signUpReducer, from);
const filled = (values: SignUpValues) =>
  run((Object.keys(values) as Array<keyof SignUpValues>).map((field) => ({ type: 'fieldChanged', field, value: values[field] })));

describe('messages', () => {
  it('reuse the spec email strings verbatim, and the spec success toast', () => {
    expect(SIGNUP_MESSAGES.emptyEmail).toBe('Please fill it with your Email');
    expect(SIGNUP_MESSAGES.invalidEmail).toBe('Please enter the valid email');
    expect(SIGNUP_MESSAGES.success).toBe('Congratulations, SignUp Done!');
  });
});

describe('validateSignUp', () => {
  it('accepts a complete, valid form', () => {
    expect(validateSignUp(good)).toEqual({});
    expect(hasErrors(validateSignUp(good))).toBe(false);
  });

  it('reports every failure of an empty form, one message per field', () => {
    expect(validateSignUp(initialSignUpValues)).toEqual({
      firstName: 'Please enter your first name',
      email: 'Please fill it with your Email',
      password: 'Please enter a password',
      repeatPassword: 'Please repeat your password',
      agreePrivacy: 'Please agree to the Privacy Policy to create an account',
    });
  });

  it('a malformed email', () => {
    expect(validateSignUp({ ...good, email: 'ann@example' })).toEqual({ email: 'Please enter the valid email' });
  });

  it('a blank first name', () => {
    expect(validateSignUp({ ...good, firstName: '   ' })).toEqual({ firstName: SIGNUP_MESSAGES.firstNameRequired });
  });

  it('a first name longer than the record allows', () => {
    expect(validateSignUp({ ...good, firstName: 'x'.repeat(USER_RECORD_LIMITS.username + 1) })).toEqual({
      firstName: tooLongMessage('First name', USER_RECORD_LIMITS.username),
    });
  });

  it.each([
    ['lastName', 'Last name', USER_RECORD_LIMITS.lastName],
    ['telephone', 'Telephone', USER_RECORD_LIMITS.telephone],
    ['address1', 'Address 1', USER_RECORD_LIMITS.address1],
    ['address2', 'Address 2', USER_RECORD_LIMITS.address2],
    ['city', 'City', USER_RECORD_LIMITS.city],
    ['postCode', 'Post code', USER_RECORD_LIMITS.postCode],
    ['country', 'Country', USER_RECORD_LIMITS.country],
    ['region', 'Region/State', USER_RECORD_LIMITS.region],
  ] as const)('%s: optional, but at most its limit', (field, label, max) => {
    expect(validateSignUp({ ...good, [field]: '' })).toEqual({});
    expect(validateSignUp({ ...good, [field]: 'x'.repeat(max) })).toEqual({});
    expect(validateSignUp({ ...good, [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: `${label} must be at most ${max} characters` });
  });

  it('a mismatched repeat password', () => {
    expect(validateSignUp({ ...good, repeatPassword: 'abcd12345' })).toEqual({ repeatPassword: 'Passwords do not match' });
  });

  it('a missing policy agreement', () => {
    expect(validateSignUp({ ...good, agreePrivacy: false })).toEqual({ agreePrivacy: SIGNUP_MESSAGES.privacyRequired });
  });

  it('newsletter is optional either way', () => {
    expect(validateSignUp({ ...good, newsletter: true })).toEqual({});
  });
});

describe('password policy: 8-128 characters, at least one letter and one digit', () => {
  it.each([
    ['', SIGNUP_MESSAGES.passwordRequired],
    ['abc1234', SIGNUP_MESSAGES.passwordTooShort],
    ['abcdefgh', SIGNUP_MESSAGES.passwordNeedsLetterAndDigit],
    ['12345678', SIGNUP_MESSAGES.passwordNeedsLetterAndDigit],
    ['!!!!????', SIGNUP_MESSAGES.passwordNeedsLetterAndDigit],
    [`a1${'x'.repeat(127)}`, SIGNUP_MESSAGES.passwordTooLong],
    ['abcd1234', ''],
    ['  pass 1  ', ''],
    ['пароль12', ''],
    [`a1${'x'.repeat(126)}`, ''],
  ])('%j -> %j', (password, message) => {
    expect(passwordError(password)).toBe(message);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordError('😀😀😀😀😀😀a1')).toBe('');
    expect(passwordError('😀😀😀a1')).toBe(SIGNUP_MESSAGES.passwordTooShort);
  });
});

describe('signUpFailure: where a service failure is shown', () => {
  it('puts email and password problems next to their fields', () => {
    expect(signUpFailure('email-already-in-use')).toEqual({ field: 'email', message: SIGNUP_MESSAGES.emailInUse });
    expect(signUpFailure('invalid-email')).toEqual({ field: 'email', message: 'Please enter the valid email' });
    expect(signUpFailure('weak-password')).toEqual({ field: 'password', message: SIGNUP_MESSAGES.weakPassword });
  });

  it.each(ACCOUNT_ERROR_KINDS.filter((k) => !['email-already-in-use', 'invalid-email', 'weak-password'].includes(k)))(
    'shows %s as a form error with a clear message',
    (kind) => {
      expect(signUpFailure(kind)).toEqual({ field: null, message: DEFAULT_ERROR_MESSAGES[kind] });
    },
  );
});

describe('signUpReducer', () => {
  it('fills the form field by field', () => {
    expect(filled(good).values).toEqual(good);
  });

  it('ignores a value of the wrong type for a field', () => {
    expect(signUpReducer(initialSignUpState, { type: 'fieldChanged', field: 'agreePrivacy', value: 'yes' })).toBe(initialSignUpState);
    expect(signUpReducer(initialSignUpState, { type: 'fieldChanged', field: 'email', value: true })).toBe(initialSignUpState);
  });

  it('submitting an invalid form shows every error and requests nothing', () => {
    const s = run([{ type: 'submitted' }]);
    expect(s.errors).toEqual(validateSignUp(initialSignUpValues));
    expect(s.pending).toBe(false);
  });

  it('submitting a valid form requests the sign-up', () => {
    const s = run([{ type: 'submitted' }], filled(good));
    expect(s).toMatchObject({ errors: {}, formError: '', pending: true, succeeded: false });
    expect(signUpReducer(s, { type: 'submitted' })).toBe(s); // no double submit
  });

  it('editing a field withdraws its error (and a mismatch when the password changes)', () => {
    const s = run([{ type: 'submitted' }], filled({ ...good, email: '', repeatPassword: 'other123' }));
    expect(s.errors).toEqual({ email: 'Please fill it with your Email', repeatPassword: 'Passwords do not match' });
    const emailFixed = signUpReducer(s, { type: 'fieldChanged', field: 'email', value: 'a' });
    expect(emailFixed.errors).toEqual({ repeatPassword: 'Passwords do not match' });
    const passwordEdited = signUpReducer(emailFixed, { type: 'fieldChanged', field: 'password', value: 'other123' });
    expect(passwordEdited.errors).toEqual({});
  });

  it('a field failure from the service lands on that field', () => {
    const s = run([{ type: 'submitted' }, { type: 'failed', kind: 'email-already-in-use' }], filled(good));
    expect(s).toMatchObject({ pending: false, errors: { email: SIGNUP_MESSAGES.emailInUse }, formError: '' });
    expect(s.values).toEqual(good); // kept so the shopper can correct it
  });

  it('any other failure is a form error, cleared by the next edit', () => {
    const s = run([{ type: 'submitted' }, { type: 'failed', kind: 'unavailable' }], filled(good));
    expect(s).toMatchObject({ pending: false, formError: DEFAULT_ERROR_MESSAGES.unavailable });
    expect(signUpReducer(s, { type: 'fieldChanged', field: 'city', value: 'Tallinn' }).formError).toBe('');
  });

  it('success clears the form and flags the toast/redirect', () => {
    const s = run([{ type: 'submitted' }, { type: 'succeeded' }], filled(good));
    expect(s).toEqual({ ...initialSignUpState, succeeded: true });
  });

  it('ignores unknown actions', () => {
    expect(signUpReducer(initialSignUpState, { type: 'nope' } as unknown as SignUpAction)).toBe(initialSignUpState);
  });
});

describe('toSignUpInput', () => {
  it('trims text, keeps the password as typed, drops form-only fields', () => {
    expect(toSignUpInput({ ...good, firstName: ' Ann ', email: ' ann@example.com ', password: ' abcd1234 ' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      telephone: '+371 2000 0000',
      address1: 'Brivibas iela 1',
      address2: '',
      city: 'Riga',
      postCode: 'LV-1050',
      country: 'Latvia',
      region: 'Riga',
      newsletter: false,
      password: ' abcd1234 ',
    });
  });
});
