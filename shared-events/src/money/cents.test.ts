import { formatPrice, toCents } from './cents.ts';

describe('toCents', () => {
  it.each([
    [19.99, 1999],
    [0.1, 10],
    [0.29, 29],
    [1.15, 115],
    [4.35, 435],
    [0, 0],
    [1234.5, 123450],
  ])('%p dollars is %p cents', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });
});

describe('formatPrice', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1234, '$12.34'],
    [123450, '$1,234.50'],
    [123456789, '$1,234,567.89'],
    [-1999, '-$19.99'],
  ])('%p cents shows as %p', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });
});
