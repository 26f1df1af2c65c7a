import {
  TEST_CARD_NUMBERS,
  cardBrand,
  cardDetails,
  formatCardNumber,
  formatExpiry,
  isExpired,
  luhnValid,
  parseExpiry,
  isTestCard,
  validateCard,
  validateCardField,
  type CardForm,
} from './card.ts';

const now = new Date(2026, 10, 21); // 21 November 2026
const form: CardForm = { email: 'ada@example.com', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('Luhn', () => {
  it('accepts every Stripe test card and rejects a changed digit', () => {
    for (const number of TEST_CARD_NUMBERS) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242 4242')).toBe(false);
  });
});

describe('formatting', () => {
  it('groups card numbers as they are printed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('formats the expiry while typing, and lets the slash be deleted', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('1/')).toBe('01/');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('0526')).toBe('05/26');
    expect(formatExpiry('05/2699')).toBe('05/26');
  });

  it('knows the brands', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999')).toBe('unknown');
  });
});

describe('expiry', () => {
  it('parses MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry(' 1 / 2030 ')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });

  it('is valid until the end of its month', () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false);
  });
});

describe('validateCard', () => {
  it('accepts a test card with a future expiry', () => {
    expect(validateCard(form, now)).toEqual({});
  });

  it('says what is wrong with each field', () => {
    expect(validateCard({ email: '', number: '', expiry: '', cvc: '' }, now)).toEqual({
      email: { key: 'card.error.emailRequired' },
      number: { key: 'card.error.numberRequired' },
      expiry: { key: 'card.error.expiryRequired' },
      cvc: { key: 'card.error.cvcRequired' },
    });
    expect(validateCardField('email', { ...form, email: 'ada@' }, now)).toEqual({ key: 'billing.error.emailInvalid' });
    expect(validateCardField('number', { ...form, number: '4242 4242' }, now)).toEqual({ key: 'card.error.numberIncomplete' });
    expect(validateCardField('number', { ...form, number: '4242 4242 4242 4241' }, now)).toEqual({ key: 'card.error.numberInvalid' });
    expect(validateCardField('expiry', { ...form, expiry: '10/26' }, now)).toEqual({ key: 'card.error.expiryPast' });
    expect(validateCardField('expiry', { ...form, expiry: '13/30' }, now)).toEqual({ key: 'card.error.expiryInvalid' });
    expect(validateCardField('expiry', { ...form, expiry: '01/99' }, now)).toEqual({ key: 'card.error.expiryInvalid' });
    expect(validateCardField('cvc', { ...form, cvc: '12' }, now)).toEqual({ key: 'card.error.cvcInvalid', params: { digits: 3 } });
    expect(validateCardField('cvc', { ...form, number: '3782 822463 10005', cvc: '123' }, now)).toEqual({
      key: 'card.error.cvcInvalid',
      params: { digits: 4 },
    });
  });

  it('asks for a Stripe test card when a real-looking number is entered', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(validateCardField('number', { ...form, number: '4111 1111 1111 1111' }, now)).toEqual({ key: 'card.error.notTestCard' });
    expect(validateCardField('number', { ...form, number: '378282246310005' }, now)).toEqual({ key: 'card.error.notTestCard' });
  });
});

describe('test cards', () => {
  it.each([
    '4242 4242 4242 4242',
    '4000 0566 5566 5556',
    '5555 5555 5555 4444',
    '4000 0027 6000 3184',
    '4000 0000 0000 0002',
    '4000 0000 0000 9995',
    '4000 0000 0000 0069',
    '4000 0000 0000 0127',
  ])('%s is one the local Stripe plays', (number) => {
    expect(isTestCard(number)).toBe(true);
    expect(cardDetails({ ...form, number }, now)?.number).toBe(number.replace(/ /g, ''));
  });

  it('hands Stripe.js the card as it takes it', () => {
    expect(cardDetails({ ...form, number: '5555 5555 5555 4444', cvc: ' 987 ' }, now)).toEqual({
      number: '5555555555554444',
      exp_month: 12,
      exp_year: 2034,
      cvc: '987',
    });
  });

  it('gives nothing for an invalid form or another card', () => {
    expect(cardDetails({ ...form, cvc: '' }, now)).toBeUndefined();
    expect(cardDetails({ ...form, number: '4111 1111 1111 1111' }, now)).toBeUndefined();
    expect(isTestCard('4111111111111111')).toBe(false);
  });
});
