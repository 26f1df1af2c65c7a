import { formatPrice, type CartItem } from 'shared-events';
import { summarize, totalAfterDiscount } from './summary.ts';

function item(overrides: Partial<CartItem> = {}): CartItem {
  return { id: 1, title: 'Leather Tote', price: 19.99, thumbnail: '/t.svg', stock: 5, brand: 'Northwind', discountPercentage: 0, qun: 1, ...overrides };
}

describe('summarize', () => {
  it('is all zeros for an empty cart', () => {
    expect(summarize([])).toEqual({ lines: [], count: 0, totalQuantity: 0, subtotalCents: 0 });
  });

  it('counts items for the badge, sums qun for Total Quantity and prices in integer cents', () => {
    const summary = summarize([item({ id: 1, price: 0.1, qun: 3 }), item({ id: 2, price: 0.2, qun: 1 }), item({ id: 3, price: 19.99, qun: 2 })]);
    expect(summary.count).toBe(3);
    expect(summary.totalQuantity).toBe(6);
    // 0.1 * 3 + 0.2 + 19.99 * 2 drifts in floating point; in cents it is exact.
    expect(summary.subtotalCents).toBe(30 + 20 + 3998);
    expect(formatPrice(summary.subtotalCents)).toBe('$40.48');
    expect(summary.lines.map((line) => line.lineCents)).toEqual([30, 20, 3998]);
    expect(summary.lines.map((line) => line.index)).toEqual([0, 1, 2]);
  });

  it('allows decrement only above 1 and increment only below stock', () => {
    const [low, middle, top, single] = summarize([
      item({ id: 1, qun: 1, stock: 5 }),
      item({ id: 2, qun: 3, stock: 5 }),
      item({ id: 3, qun: 5, stock: 5 }),
      item({ id: 4, qun: 1, stock: 1 }),
    ]).lines;
    expect([low?.canDecrement, low?.canIncrement, low?.atStockLimit]).toEqual([false, true, false]);
    expect([middle?.canDecrement, middle?.canIncrement, middle?.atStockLimit]).toEqual([true, true, false]);
    expect([top?.canDecrement, top?.canIncrement, top?.atStockLimit]).toEqual([true, false, true]);
    // Stock 1: the only quantity there is, so both controls are off.
    expect([single?.canDecrement, single?.canIncrement, single?.atStockLimit]).toEqual([false, false, true]);
  });
});

describe('totalAfterDiscount', () => {
  it('subtracts the discount and never goes below zero', () => {
    expect(totalAfterDiscount(5000, 500)).toBe(4500);
    expect(totalAfterDiscount(300, 500)).toBe(0);
    expect(totalAfterDiscount(300, -20)).toBe(300);
  });
});
