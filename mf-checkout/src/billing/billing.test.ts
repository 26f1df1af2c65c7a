import {
  emptyBilling,
  fieldErrorsFromServer,
  firstInvalidField,
  isValidEmail,
  prefillFromProfile,
  prefillFromSession,
  toBillingPayload,
  validateBilling,
  validateBillingField,
  type Billing,
} from './billing.ts';

const valid: Billing = {
  ...emptyBilling,
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  street: '12 St James Square',
  city: 'London',
  postCode: 'SW1Y 4JH',
  phone: '+44 20 7946 0000',
  email: 'ada@example.com',
};

describe('validateBilling', () => {
  it('accepts a complete form, optional fields left empty', () => {
    expect(validateBilling(valid)).toEqual({});
  });

  it('names every missing required field with its own message, in form order', () => {
    const errors = validateBilling(emptyBilling);
    expect(errors).toEqual({
      firstName: { key: 'billing.error.firstName' },
      lastName: { key: 'billing.error.lastName' },
      country: { key: 'billing.error.country' },
      street: { key: 'billing.error.street' },
      city: { key: 'billing.error.city' },
      postCode: { key: 'billing.error.postCode' },
      phone: { key: 'billing.error.phone' },
      email: { key: 'billing.error.email' },
    });
    expect(firstInvalidField(errors)).toBe('firstName');
    expect(firstInvalidField(validateBilling({ ...valid, city: ' ' }))).toBe('city');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('treats whitespace as empty', () => {
    expect(validateBillingField('lastName', '   ')).toEqual({ key: 'billing.error.lastName' });
    expect(validateBillingField('company', '   ')).toBeUndefined();
  });

  it('checks the email the way the service does', () => {
    for (const email of ['ada@example.com', "o'brien+shop@mail.example.co.uk", ' ada@example.com ']) {
      expect(validateBillingField('email', email)).toBeUndefined();
    }
    for (const email of ['ada', 'ada@', 'ada@example', 'ada@@example.com', 'a b@example.com', '.ada@example.com', 'ada..l@example.com']) {
      expect(validateBillingField('email', email)).toEqual({ key: 'billing.error.emailInvalid' });
    }
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('checks the phone the way the service does', () => {
    for (const phone of ['+44 20 7946 0000', '020 (7946) 0000', '0123456', '555.010.0200']) {
      expect(validateBillingField('phone', phone)).toBeUndefined();
    }
    for (const phone of ['12', 'call me', '+', '++44 20 7946 0000', '-5550100', '(555) 010-0200']) {
      expect(validateBillingField('phone', phone)).toEqual({ key: 'billing.error.phoneInvalid' });
    }
  });

  it('enforces the service limits on length', () => {
    expect(validateBillingField('postCode', 'X'.repeat(21))).toEqual({ key: 'billing.error.tooLong', params: { max: 20 } });
    expect(validateBillingField('notes', 'n'.repeat(2000))).toBeUndefined();
    expect(validateBillingField('notes', 'n'.repeat(2001))).toEqual({ key: 'billing.error.tooLong', params: { max: 2000 } });
  });
});

describe('toBillingPayload', () => {
  it('trims every value and leaves empty optional fields out', () => {
    expect(toBillingPayload({ ...valid, firstName: '  Ada ', company: '  ', notes: ' Leave at door ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United Kingdom',
      street: '12 St James Square',
      city: 'London',
      postCode: 'SW1Y 4JH',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
      notes: 'Leave at door',
    });
  });
});

describe('fieldErrorsFromServer', () => {
  it('puts the service’s billing messages under their fields and keeps the rest apart', () => {
    const result = fieldErrorsFromServer([
      { field: 'billing.phone', message: 'Enter a valid phone number' },
      { field: 'billing.phone', message: 'second message ignored' },
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'billing.nonsense', message: 'Unknown' },
      { nope: true },
      'junk',
    ]);
    expect(result.billing).toEqual({ phone: { text: 'Enter a valid phone number' } });
    expect(result.other).toEqual(['Enter a valid email address', 'Unknown']);
    expect(fieldErrorsFromServer(undefined)).toEqual({ billing: {}, other: [] });
  });
});

describe('prefill', () => {
  it('fills first name and email from the signed-in session', () => {
    const filled = prefillFromSession(emptyBilling, { email: 'ann@example.com', displayName: 'Ann' });
    expect(filled.firstName).toBe('Ann');
    expect(filled.email).toBe('ann@example.com');
    expect(filled.lastName).toBe('');
  });

  it('never overwrites what the shopper typed, and returns the same object when nothing changes', () => {
    const typed = { ...emptyBilling, firstName: 'Annie' };
    const filled = prefillFromSession(typed, { email: null, displayName: 'Ann' });
    expect(filled).toBe(typed);
    expect(prefillFromSession(typed, null)).toBe(typed);
  });

  it('maps the account record users/{uid} onto the form', () => {
    const filled = prefillFromProfile(emptyBilling, {
      username: 'Ann',
      email: 'ann@example.com',
      lastName: 'Smith',
      telephone: '+1 555 010 0200',
      address1: '1 Main St',
      address2: 'Apt 2',
      city: 'Springfield',
      postCode: '12345',
      country: 'us',
      region: 'Illinois',
    });
    expect(filled).toEqual({
      ...emptyBilling,
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'ann@example.com',
      phone: '+1 555 010 0200',
      street: '1 Main St',
      street2: 'Apt 2',
      city: 'Springfield',
      postCode: '12345',
      country: 'United States',
      county: 'Illinois',
    });
    expect(validateBilling(filled)).toEqual({});
  });

  it('copes with old or odd records', () => {
    expect(prefillFromProfile(emptyBilling, { username: 'Ann', email: 'ann@example.com' }).firstName).toBe('Ann');
    expect(prefillFromProfile(emptyBilling, null)).toBe(emptyBilling);
    expect(prefillFromProfile(emptyBilling, { city: 42 as unknown as string }).city).toBe('');
    expect(prefillFromProfile(emptyBilling, { country: 'Atlantis' }).country).toBe('Atlantis');
  });
});
