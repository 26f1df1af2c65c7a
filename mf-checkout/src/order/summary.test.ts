import type { CartItem } from 'shared-events';
import { cartLines, summarize } from './summary.ts';

const item = (id: number, price: number, qun: number, title = `Product ${id}`): CartItem => ({
  id,
  title,
  price,
  qun,
  stock: 50,
  thumbnail: '',
  brand: '',
  discountPercentage: 0,
});

const cart = [item(1, 0.1, 3, 'Pencil'), item(2, 0.2, 1, 'Eraser'), item(3, 19.99, 2, 'Notebook')];

describe('summarize', () => {
  it('adds up in integer cents (no 0.1 + 0.2 drift)', () => {
    const summary = summarize(cart, { status: 'none' });
    expect(summary.lines).toEqual([
      { id: 1, title: 'Pencil', qun: 3, lineCents: 30 },
      { id: 2, title: 'Eraser', qun: 1, lineCents: 20 },
      { id: 3, title: 'Notebook', qun: 2, lineCents: 3998 },
    ]);
    expect(summary.totalQuantity).toBe(6);
    expect(summary.subtotalCents).toBe(4048);
    expect(summary.discountCents).toBe(0);
    expect(summary.totalCents).toBe(4048);
    expect(summary.couponCode).toBeUndefined();
    expect(summary.pricesChanged).toBe(false);
  });

  it('takes off an accepted coupon and sends its code', () => {
    const summary = summarize(cart, { status: 'applied', code: 'SAVE10', discountCents: 404, serverSubtotalCents: 4048, message: '' });
    expect(summary.discountCents).toBe(404);
    expect(summary.totalCents).toBe(3644);
    expect(summary.couponCode).toBe('SAVE10');
    expect(summary.pricesChanged).toBe(false);
  });

  it('never discounts below zero', () => {
    const summary = summarize([item(1, 3, 1)], { status: 'applied', code: 'WELCOME5', discountCents: 500, serverSubtotalCents: 300, message: '' });
    expect(summary.totalCents).toBe(0);
  });

  it('notices that the service priced the cart differently', () => {
    const summary = summarize(cart, { status: 'applied', code: 'SAVE10', discountCents: 500, serverSubtotalCents: 5000, message: '' });
    expect(summary.pricesChanged).toBe(true);
  });

  it('applies nothing for a coupon that is checking, refused or could not be checked', () => {
    for (const coupon of [
      { status: 'checking', code: 'SAVE10' },
      { status: 'rejected', code: 'NOPE', message: 'not valid' },
      { status: 'unavailable', code: 'SAVE10' },
    ] as const) {
      const summary = summarize(cart, coupon);
      expect(summary.totalCents).toBe(4048);
      expect(summary.couponCode).toBeUndefined();
    }
  });

  it('handles an empty cart', () => {
    expect(summarize([], { status: 'none' })).toMatchObject({ lines: [], totalQuantity: 0, subtotalCents: 0, totalCents: 0 });
  });
});

describe('cartLines', () => {
  it('keeps only ids and quantities: the service prices the order itself', () => {
    expect(cartLines(cart)).toEqual([
      { id: 1, qun: 3 },
      { id: 2, qun: 1 },
      { id: 3, qun: 2 },
    ]);
  });
});
