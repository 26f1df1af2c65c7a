import { originalPrice } from './pricing.ts';
import { MAX_PRODUCT_ID, parseProductId, SIZES, DEFAULT_SIZE, swatchesFor } from './productId.ts';

describe('originalPrice', () => {
  it('is price / (1 - discount/100), rounded up', () => {
    expect(originalPrice(67.99, 9)).toBe(75); // 74.71...
    expect(originalPrice(549, 12.96)).toBe(631); // 630.74...
    expect(originalPrice(100, 50)).toBe(200);
    expect(originalPrice(9.99, 40)).toBe(17); // 16.65
  });

  it('is not thrown off by floating point', () => {
    // 5.4 / 0.6 is 9.000000000000002 in doubles; the answer is 9, not 10.
    expect(5.4 / (1 - 40 / 100)).toBeGreaterThan(9);
    expect(originalPrice(5.4, 40)).toBe(9);
    expect(originalPrice(5.11, 27)).toBe(7);
    expect(originalPrice(5.58, 7)).toBe(6);
    expect(originalPrice(9.5, 5)).toBe(10);
    expect(originalPrice(85, 15)).toBe(100);
    expect(originalPrice(0.7, 30)).toBe(1);
    expect(originalPrice(19.6, 2)).toBe(20);
  });

  it('has no original price without a real discount', () => {
    expect(originalPrice(10, 0)).toBeNull();
    expect(originalPrice(10, -5)).toBeNull();
    expect(originalPrice(10, 100)).toBeNull();
    expect(originalPrice(10, Number.NaN)).toBeNull();
    expect(originalPrice(-1, 10)).toBeNull();
  });

  it('agrees with exact integer arithmetic for every cent price up to $200 and whole discounts', () => {
    for (let cents = 1; cents <= 20000; cents += 7) {
      for (let discount = 1; discount < 100; discount += 3) {
        // ceil(cents / (100 - d)) in whole dollars, computed without floating point.
        const exact = Math.floor((cents + (100 - discount) - 1) / (100 - discount));
        expect(originalPrice(cents / 100, discount)).toBe(exact);
      }
    }
  });

  it('is never below the current price', () => {
    for (let cents = 1; cents < 5000; cents += 37) {
      for (const discount of [1, 5, 12.5, 33, 40, 75]) {
        const price = cents / 100;
        expect(originalPrice(price, discount)).toBeGreaterThanOrEqual(price);
      }
    }
  });
});

describe('parseProductId', () => {
  it('accepts plain positive integers', () => {
    expect(parseProductId('1')).toBe(1);
    expect(parseProductId('180')).toBe(180);
    expect(parseProductId(String(MAX_PRODUCT_ID))).toBe(MAX_PRODUCT_ID);
  });

  it('refuses everything else', () => {
    for (const raw of [undefined, '', '0', '01', '-1', '1.5', '1e3', 'abc', ' 12', '12abc', String(MAX_PRODUCT_ID + 1), '99999999999']) {
      expect(parseProductId(raw)).toBeNull();
    }
  });
});

describe('swatches and sizes', () => {
  it('shows five swatches, the product’s own colour first', () => {
    const swatches = swatchesFor('blue');
    expect(swatches).toHaveLength(5);
    expect(swatches[0]?.name).toBe('blue');
    expect(new Set(swatches.map((s) => s.name)).size).toBe(5);
    expect(swatchesFor(null)).toHaveLength(5);
    expect(swatchesFor('chartreuse')).toHaveLength(5);
  });

  it('offers S (default), M, L, XL, XXL', () => {
    expect(SIZES).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(DEFAULT_SIZE).toBe('S');
  });
});
