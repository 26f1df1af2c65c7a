import en, { type MessageKey } from './messages.en.ts';
import ru from './messages.ru.ts';

const keys = Object.keys(en) as MessageKey[];

describe('checkout messages', () => {
  it('translates every key into Russian, never empty and never left in English', () => {
    expect(Object.keys(ru).sort()).toEqual([...keys].sort());
    const sameInBoth = new Set<MessageKey>(['card.cvc', 'card.brand.visa', 'card.brand.mastercard', 'card.brand.amex', 'card.brand.discover']);
    for (const key of keys) {
      expect(ru[key].trim()).not.toBe('');
      if (!sameInBoth.has(key)) expect([key, ru[key]]).not.toEqual([key, en[key]]);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of keys) expect([key, placeholders(ru[key])]).toEqual([key, placeholders(en[key])]);
  });

  it('keeps the spec strings verbatim in English', () => {
    expect(en['confirmation.title']).toBe('We are in business, {email}');
    expect(en['billing.title']).toBe('Billing details');
    expect(en['summary.line']).toBe('{title} x {qun}');
    expect(en['summary.totalQuantity']).toBe('Total Quantity');
    expect(en['summary.subtotal']).toBe('Subtotal');
    expect(en['summary.total']).toBe('Total');
    expect(
      [
        'billing.firstName',
        'billing.lastName',
        'billing.company',
        'billing.country',
        'billing.street',
        'billing.city',
        'billing.county',
        'billing.postCode',
        'billing.phone',
        'billing.email',
        'billing.notes',
      ].map((key) => en[key as MessageKey]),
    ).toEqual([
      'First Name',
      'Last Name',
      'Company Name',
      'Country',
      'Street Address',
      'Town/City',
      'County',
      'Post Code',
      'Phone',
      'Email Address',
      'Other Notes',
    ]);
    expect(en['testMode.banner']).toBe('Test mode — no real card is charged');
  });
});
