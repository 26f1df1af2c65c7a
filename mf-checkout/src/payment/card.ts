import { isValidEmail, type FieldError } from '../billing/billing.ts';

/**
 * The local TEST-MODE card form's rules (no Stripe publishable key configured: the offline
 * default). The form accepts only Stripe's documented test card numbers
 * (https://docs.stripe.com/testing), which the local Stripe plays with Stripe's outcomes; a real
 * card number is refused here, before it goes anywhere.
 */

/** Stripe's test cards the local Stripe knows (stand-ins/stripe/cards.ts). */
export const TEST_CARD_NUMBERS: ReadonlySet<string> = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '4000002760003184',
  '4000000000000002',
  '4000000000009995',
  '4000000000000069',
  '4000000000000127',
]);

export type CardField = 'email' | 'number' | 'expiry' | 'cvc';
export const CARD_FIELDS: readonly CardField[] = ['email', 'number', 'expiry', 'cvc'];

export interface CardForm {
  readonly email: string;
  readonly number: string;
  readonly expiry: string;
  readonly cvc: string;
}

export type CardErrors = Partial<Record<CardField, FieldError>>;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn (mod 10) checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** Longest number a brand issues: 15 for American Express, 19 otherwise (ISO/IEC 7812). */
export function maxDigits(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 19;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** "4242424242424242" -> "4242 4242 4242 4242"; American Express as 4-6-5. Extra digits are cut. */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(digitsOf(value));
  const digits = digitsOf(value).slice(0, maxDigits(brand));
  if (brand === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Formats the expiry as it is typed: "0526" -> "05/26", "122" -> "12/2". A single digit that can
 * only start a month ("4") becomes "04", and a slash typed after one or two digits is kept
 * ("1/" -> "01/", "12/" -> "12/"). No slash is added by itself after two digits, so deleting it
 * with Backspace works.
 */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  const slashTyped = /\//.test(value);
  if (/^[2-9]$/.test(digits) || (digits.length === 1 && digits !== '0' && slashTyped)) digits = `0${digits}`;
  if (digits.length <= 2) return digits.length === 2 && slashTyped ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "MM/YY" (also "MM / YY", "MM/YYYY") -> month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid until the end of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) < thisMonth;
}

export function isTestCard(number: string): boolean {
  return TEST_CARD_NUMBERS.has(digitsOf(number));
}

export function validateCardField(field: CardField, form: CardForm, now: Date): FieldError | undefined {
  const digits = digitsOf(form.number);
  const brand = cardBrand(digits);
  switch (field) {
    case 'email':
      if (!form.email.trim()) return { key: 'card.error.emailRequired' };
      return isValidEmail(form.email) ? undefined : { key: 'billing.error.emailInvalid' };
    case 'number':
      if (!digits) return { key: 'card.error.numberRequired' };
      if (digits.length < 12 || digits.length > maxDigits(brand)) return { key: 'card.error.numberIncomplete' };
      if (!luhnValid(digits)) return { key: 'card.error.numberInvalid' };
      return isTestCard(digits) ? undefined : { key: 'card.error.notTestCard' };
    case 'expiry': {
      if (!form.expiry.trim()) return { key: 'card.error.expiryRequired' };
      const expiry = parseExpiry(form.expiry);
      if (!expiry) return { key: 'card.error.expiryInvalid' };
      if (isExpired(expiry, now)) return { key: 'card.error.expiryPast' };
      if (expiry.year > now.getFullYear() + 20) return { key: 'card.error.expiryInvalid' };
      return undefined;
    }
    case 'cvc': {
      const cvc = form.cvc.trim();
      if (!cvc) return { key: 'card.error.cvcRequired' };
      return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc) ? undefined : { key: 'card.error.cvcInvalid', params: { digits: cvcLength(brand) } };
    }
  }
}

export function validateCard(form: CardForm, now: Date): CardErrors {
  const errors: CardErrors = {};
  for (const field of CARD_FIELDS) {
    const error = validateCardField(field, form, now);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The card as Stripe.js takes it (payment_method.card), for a valid test-mode form; otherwise undefined. */
export function cardDetails(form: CardForm, now: Date): { number: string; exp_month: number; exp_year: number; cvc: string } | undefined {
  if (Object.keys(validateCard(form, now)).length > 0) return undefined;
  const expiry = parseExpiry(form.expiry);
  if (!expiry) return undefined;
  return { number: digitsOf(form.number), exp_month: expiry.month, exp_year: expiry.year, cvc: form.cvc.trim() };
}
