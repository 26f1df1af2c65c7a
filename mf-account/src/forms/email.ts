/** Spec strings, verbatim (section 5 and the error catalogue). */
export const EMAIL_MESSAGES = {
  empty: 'Please fill it with your Email',
  invalid: 'Please enter the valid email',
} as const;

/** Longest address SMTP allows; also the database rule's limit. */
export const EMAIL_MAX_LENGTH = 254;

/** The "simple email pattern": something@domain.tld, no spaces, exactly one @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  const value = email.trim();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** The email-field error for `email`, or '' when it is fine. Surrounding spaces are ignored. */
export function emailError(email: string): string {
  const value = email.trim();
  if (value === '') return EMAIL_MESSAGES.empty;
  if (!isValidEmail(value)) return EMAIL_MESSAGES.invalid;
  return '';
}
