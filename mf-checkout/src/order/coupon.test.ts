import { couponState } from './coupon.ts';

describe('couponState', () => {
  it('applies an accepted code with the service’s discount and message', () => {
    expect(couponState('SAVE10', { kind: 'accepted', code: 'SAVE10', discountCents: 1359, subtotalCents: 13598, message: 'SAVE10 applied' })).toEqual({
      status: 'applied',
      code: 'SAVE10',
      discountCents: 1359,
      serverSubtotalCents: 13598,
      message: 'SAVE10 applied',
    });
    expect(couponState('SAVE10', { kind: 'accepted', code: 'SAVE10', discountCents: 1359, subtotalCents: null, message: '' })).toEqual({
      status: 'unavailable',
      code: 'SAVE10',
    });
  });

  it('does not apply a refused code, and says why', () => {
    expect(couponState('WELCOME5', { kind: 'rejected', code: 'WELCOME5', message: 'WELCOME5 needs a subtotal of at least $25.00' })).toEqual({
      status: 'rejected',
      code: 'WELCOME5',
      message: 'WELCOME5 needs a subtotal of at least $25.00',
    });
    expect(couponState('X', { kind: 'failed', status: 404, message: "Product with id '1' not found" })).toMatchObject({ status: 'rejected' });
  });

  it('says "could not check" when the service is down or asks to slow down', () => {
    expect(couponState('SAVE10', { kind: 'unavailable' })).toEqual({ status: 'unavailable', code: 'SAVE10' });
    expect(couponState('SAVE10', { kind: 'failed', status: 429, message: 'Too many requests' })).toEqual({ status: 'unavailable', code: 'SAVE10' });
  });
});
