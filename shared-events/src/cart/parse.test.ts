import { item } from '../testing/fixtures.ts';
import { normalizeCart, parseStoredCart } from './parse.ts';

const stored = (value: unknown): string => JSON.stringify(value);

describe('parseStoredCart', () => {
  it('reads a valid stored cart as it is', () => {
    const items = [item({ id: 1, qun: 2 }), item({ id: 2, qun: 1, description: 'kept', images: ['/x.webp'] })];
    expect(parseStoredCart(stored(items))).toEqual(items);
  });

  it.each([
    ['absent', null],
    ['empty string', ''],
    ['corrupt JSON', '[{"id":1,'],
    ['not JSON at all', 'undefined'],
    ['an object', stored({ items: [item()] })],
    ['a number', '42'],
    ['a string', stored('cart')],
    ['JSON null', 'null'],
  ])('gives an empty cart for %s', (_, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it('drops entries that are not objects', () => {
    expect(parseStoredCart(stored([null, 1, 'x', [item()], item({ id: 7 })]))).toEqual([item({ id: 7 })]);
  });

  it.each([
    ['id', { id: undefined }],
    ['a numeric id', { id: '1' }],
    ['title', { title: undefined }],
    ['a non-empty title', { title: '' }],
    ['price', { price: undefined }],
    ['a numeric price', { price: '19.99' }],
    ['a non-negative price', { price: -1 }],
    ['stock', { stock: undefined }],
    ['an integer stock', { stock: 2.5 }],
  ])('drops an item without %s', (_, broken) => {
    expect(parseStoredCart(stored([{ ...item({ id: 1 }), ...broken }, item({ id: 2 })]))).toEqual([item({ id: 2 })]);
  });

  it('drops an item whose stock is 0: nothing of it can be bought', () => {
    expect(parseStoredCart(stored([item({ stock: 0 })]))).toEqual([]);
  });

  it.each([
    ['negative', -3, 1],
    ['zero', 0, 1],
    ['fractional', 2.7, 2],
    ['above stock', 50, 5],
    ['missing', undefined, 1],
    ['a string', '3', 1],
    ['NaN (null in JSON)', Number.NaN, 1],
  ])('repairs a %s qun', (_, qun, repaired) => {
    expect(parseStoredCart(stored([{ ...item({ stock: 5 }), qun }]))).toEqual([item({ stock: 5, qun: repaired })]);
  });

  it('fills in missing display fields instead of losing the product', () => {
    const bare = { id: 3, title: 'Lamp', price: 30, stock: 2, qun: 1 };
    expect(parseStoredCart(stored([bare]))).toEqual([{ ...bare, thumbnail: '', brand: '', discountPercentage: 0 }]);
  });

  it('merges a product listed twice into its first line, within stock', () => {
    const raw = stored([item({ id: 1, qun: 2 }), item({ id: 2 }), item({ id: 1, qun: 2 }), item({ id: 1, qun: 4 })]);
    expect(parseStoredCart(raw)).toEqual([item({ id: 1, qun: 5 }), item({ id: 2 })]);
  });

  it('does not let a stored "__proto__" reach any prototype', () => {
    const raw = `[{"__proto__":{"polluted":true},"id":1,"title":"a","price":1,"stock":2,"qun":1}]`;
    const [first] = parseStoredCart(raw);
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect((first as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('normalizeCart', () => {
  it('repairs an in-memory list the same way', () => {
    expect(normalizeCart([item({ qun: 99 }), { junk: true }])).toEqual([item({ qun: 5 })]);
    expect(normalizeCart('not a list')).toEqual([]);
  });
});
