import en, { type MessageKey } from './messages.en.ts';
import ru from './messages.ru.ts';
import { pluralKey } from './plural.ts';

describe('cart messages', () => {
  it('translates every key into Russian, and never leaves a Russian string empty or in English', () => {
    const keys = Object.keys(en) as MessageKey[];
    expect(Object.keys(ru).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(ru[key].trim()).not.toBe('');
      if (!/^\{?[\w{}\s×]*\}?$/.test(en[key])) expect(ru[key]).not.toBe(en[key]);
    }
  });

  it('keeps the spec strings verbatim in English', () => {
    expect(en['mini.subtotal']).toBe('SubTotal');
    expect(en['mini.viewCart']).toBe('View Cart');
    expect(en['mini.checkout']).toBe('Checkout');
    expect(en['totals.quantity']).toBe('Total Quantity');
    expect(en['totals.total']).toBe('Total');
    expect(en['totals.proceed']).toBe('Proceed to Checkout');
    expect(en['coupon.apply']).toBe('Apply Coupon');
    expect(en['update.button']).toBe('Update Cart');
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(en) as MessageKey[]) expect(placeholders(ru[key])).toEqual(placeholders(en[key]));
  });

  it('picks the plural form each language needs', () => {
    expect(pluralKey('en', 'mini.trigger', 1)).toBe('mini.trigger.one');
    expect(pluralKey('en', 'mini.trigger', 0)).toBe('mini.trigger.other');
    expect(pluralKey('en', 'mini.trigger', 2)).toBe('mini.trigger.other');
    expect(pluralKey('ru', 'mini.trigger', 1)).toBe('mini.trigger.one');
    expect(pluralKey('ru', 'mini.trigger', 3)).toBe('mini.trigger.few');
    expect(pluralKey('ru', 'mini.trigger', 5)).toBe('mini.trigger.many');
    expect(pluralKey('ru', 'mini.trigger', 21)).toBe('mini.trigger.one');
    expect(pluralKey('ru', 'mini.trigger', 0)).toBe('mini.trigger.many');
  });
});
