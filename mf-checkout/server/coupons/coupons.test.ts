import { createCouponBook } from './coupons.ts';

describe('coupons', () => {
  const book = createCouponBook();

  test('SAVE10 takes 10%, rounded down to the cent', () => {
    expect(book.evaluate('save10', 3998)).toMatchObject({ valid: true, code: 'SAVE10', discountCents: 399 });
    expect(book.evaluate(' SAVE10 ', 9)).toMatchObject({ valid: true, discountCents: 0 });
  });

  test('WELCOME5 takes $5 from $25 up', () => {
    expect(book.evaluate('WELCOME5', 2500)).toMatchObject({ valid: true, discountCents: 500 });
    expect(book.evaluate('WELCOME5', 2499)).toEqual({
      valid: false,
      code: 'WELCOME5',
      discountCents: 0,
      message: 'WELCOME5 needs a subtotal of at least $25.00',
    });
  });

  test('unknown codes are not valid', () => {
    expect(book.evaluate('bogus', 10_000)).toMatchObject({ valid: false, message: 'Coupon code "BOGUS" is not valid' });
    expect(book.find('bogus')).toBeUndefined();
  });

  test('a discount never exceeds the subtotal', () => {
    const generous = createCouponBook([{ code: 'BIG', kind: 'fixed', amountCents: 10_000, minSubtotalCents: 0, description: 'big' }]);
    expect(generous.evaluate('BIG', 700).discountCents).toBe(700);
  });
});
