import { EMAIL_MESSAGES, emailError, isValidEmail } from './email.ts';

describe('email validation', () => {
  it('uses the spec strings verbatim', () => {
    expect(EMAIL_MESSAGES.empty).toBe('Please fill it with your Email');
    expect(EMAIL_MESSAGES.invalid).toBe('Please enter the valid email');
  });

  it.each(['', ' ', '\t  '])('an empty email (%j) must be filled', (email) => {
    expect(emailError(email)).toBe('Please fill it with your Email');
  });

  it.each(['ann', 'ann@', '@example.com', 'ann@example', 'ann example@x.io', 'ann@@example.com', 'ann@ex ample.com', 'a@b.', `${'x'.repeat(250)}@example.com`])(
    'a malformed email (%s) is invalid',
    (email) => {
      expect(emailError(email)).toBe('Please enter the valid email');
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it.each(['ann@example.com', ' ann@example.com ', 'a.b+c@sub.example.co.uk', 'x@y.io'])('%s is fine', (email) => {
    expect(emailError(email)).toBe('');
    expect(isValidEmail(email)).toBe(true);
  });
});
