import { parseCouponCode } from './coupon.ts';

describe('parseCouponCode: the one rule for what a code is', () => {
  it('normalizes a well-formed code', () => {
    expect(parseCouponCode(' save10 ')).toBe('SAVE10');
    expect(parseCouponCode('WELCOME_5-A')).toBe('WELCOME_5-A');
  });

  it('refuses anything else', () => {
    for (const value of ['', '   ', 'X'.repeat(33), '<script>', 'SAVE 10', '"SAVE10"', null, 10, { code: 'SAVE10' }]) {
      expect(parseCouponCode(value)).toBeUndefined();
    }
  });
});
