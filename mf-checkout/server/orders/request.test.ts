import { BILLING_FIELDS, type BillingField } from 'orders-api/billing';
import { checkoutRequest } from 'orders-api/checkout';
import { emptyBilling, validateBillingField, type Billing } from '../../src/billing/billing.ts';

const valid: Billing = {
  ...emptyBilling,
  firstName: 'Ann',
  lastName: 'Lee',
  country: 'Portugal',
  street: '1 Rua Augusta',
  city: 'Lisbon',
  postCode: '1100-048',
  phone: '+351 912 345 678',
  email: 'ann@example.com',
};

function serverAccepts(field: BillingField, value: string): boolean {
  const result = checkoutRequest.safeParse({
    token: { id: 'tok_visa' },
    email: 'ann@example.com',
    lines: [{ id: 1, qun: 1 }],
    billing: { ...valid, [field]: value },
    idempotencyKey: '6f1c2f0e-8a3b-4c4d-9e5f-0a1b2c3d4e5f',
  });
  return result.success || !result.error.issues.some((issue) => issue.path.join('.') === `billing.${field}`);
}

// Values at and around every rule: empty, blank, at and past each limit, and the patterns' edges.
const samples = [
  '',
  '   ',
  'a',
  'x'.repeat(20),
  'x'.repeat(21),
  'x'.repeat(30),
  'x'.repeat(31),
  'x'.repeat(100),
  'x'.repeat(101),
  'x'.repeat(200),
  'x'.repeat(201),
  'x'.repeat(2000),
  'x'.repeat(2001),
  '+44 (20) 7946-0958',
  '12345',
  '1234',
  'call me',
  'ann@example.com',
  ' ann.lee+shop@mail.example.co.uk ',
  'ann..lee@example.com',
  '.ann@example.com',
  'ann@example',
  'ann@-example.com',
  `${'a'.repeat(245)}@example.com`,
  `${'a'.repeat(243)}@example.com`,
];

describe('the checkout form and the checkout service validate billing details alike', () => {
  it.each(BILLING_FIELDS)('%s', (field) => {
    for (const value of samples) {
      const formAccepts = validateBillingField(field, value) === undefined;
      expect([field, value, serverAccepts(field, value)]).toEqual([field, value, formAccepts]);
    }
  });
});

describe("the shopper's language", () => {
  const parse = (extra: Record<string, unknown>) =>
    checkoutRequest.parse({
      token: { id: 'tok_visa' },
      email: 'ann@example.com',
      lines: [{ id: 1, qun: 1 }],
      billing: valid,
      idempotencyKey: '6f1c2f0e-8a3b-4c4d-9e5f-0a1b2c3d4e5f',
      ...extra,
    }).lang;

  test('is taken as sent; older pages that send none, and languages the shop does not speak, mean English', () => {
    expect(parse({ lang: 'ru' })).toBe('ru');
    expect(parse({ lang: 'en' })).toBe('en');
    expect(parse({})).toBe('en');
    expect(parse({ lang: 'de' })).toBe('en');
    expect(parse({ lang: 42 })).toBe('en');
  });
});
