import { item, product } from '../testing/fixtures.ts';
import { addItem, decrementAt, incrementAt, itemCount, lineTotalCents, removeAt, subtotalCents, totalQuantity } from './rules.ts';

describe('addItem', () => {
  it('appends a new product with qun 1', () => {
    const result = addItem([], product());
    expect(result).toEqual({ ok: true, items: [{ ...product(), qun: 1 }], item: { ...product(), qun: 1 } });
  });

  it('keeps every product field, not only the required ones', () => {
    const rich = { ...product(), description: 'Roomy', images: ['/a.webp'], rating: 4.5 };
    const result = addItem([], rich);
    expect(result.ok && result.item).toMatchObject({ description: 'Roomy', images: ['/a.webp'], rating: 4.5, qun: 1 });
  });

  it('raises qun of the same id instead of adding a second line', () => {
    const first = addItem([], product());
    const second = addItem(first.items, product());
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.qun).toBe(2);
  });

  it('appends a different id after the existing lines', () => {
    const start = [item({ id: 1 })];
    const result = addItem(start, product({ id: 2 }));
    expect(result.items.map((i) => i.id)).toEqual([1, 2]);
  });

  it('adds duplicates up to the stock and then refuses with stock-limit', () => {
    let items = addItem([], product({ stock: 3 })).items;
    items = addItem(items, product({ stock: 3 })).items;
    items = addItem(items, product({ stock: 3 })).items;
    expect(items[0]?.qun).toBe(3);
    const refused = addItem(items, product({ stock: 3 }));
    expect(refused).toEqual({ ok: false, items, reason: 'stock-limit' });
    expect(refused.items).toBe(items);
  });

  it('refuses a product with stock 0 as out-of-stock and leaves the cart as it was', () => {
    const items = [item({ id: 9 })];
    const result = addItem(items, product({ stock: 0 }));
    expect(result).toEqual({ ok: false, items, reason: 'out-of-stock' });
    expect(result.items).toBe(items);
  });

  it('with stock 1 adds once, then refuses', () => {
    const first = addItem([], product({ stock: 1 }));
    expect(first.ok).toBe(true);
    expect(addItem(first.items, product({ stock: 1 }))).toMatchObject({ ok: false, reason: 'stock-limit' });
  });

  it('bounds a repeated add by the fresher stock of the product in hand', () => {
    const items = [item({ qun: 2, stock: 10 })];
    expect(addItem(items, product({ stock: 2 }))).toMatchObject({ ok: false, reason: 'stock-limit' });
    const result = addItem(items, product({ stock: 10, price: 17.5 }));
    expect(result.ok && result.item).toMatchObject({ qun: 3, price: 17.5 });
  });

  it('does not mutate the array it was given', () => {
    const items = [item({ qun: 1 })];
    addItem(items, product());
    expect(items).toEqual([item({ qun: 1 })]);
  });
});

describe('removeAt', () => {
  const items = [item({ id: 1 }), item({ id: 2 }), item({ id: 3 })];

  it('removes by position', () => {
    expect(removeAt(items, 1).map((i) => i.id)).toEqual([1, 3]);
    expect(removeAt(items, 0).map((i) => i.id)).toEqual([2, 3]);
    expect(removeAt(items, 2).map((i) => i.id)).toEqual([1, 2]);
  });

  it.each([-1, 3, 1.5, Number.NaN])('returns the same array for position %p', (index) => {
    expect(removeAt(items, index)).toBe(items);
  });
});

describe('incrementAt', () => {
  it('raises qun while it is below stock', () => {
    const items = [item({ id: 1 }), item({ id: 2, qun: 1, stock: 3 })];
    expect(incrementAt(items, 1)[1]?.qun).toBe(2);
    expect(incrementAt(items, 1)[0]).toBe(items[0]);
  });

  it('stops at stock', () => {
    const items = [item({ qun: 3, stock: 3 })];
    expect(incrementAt(items, 0)).toBe(items);
  });

  it('stops at once with stock 1', () => {
    const items = [item({ qun: 1, stock: 1 })];
    expect(incrementAt(items, 0)).toBe(items);
  });

  it('ignores a position with no item', () => {
    const items = [item()];
    expect(incrementAt(items, 4)).toBe(items);
  });
});

describe('decrementAt', () => {
  it('lowers qun while it is above 1', () => {
    const items = [item({ qun: 3 })];
    expect(decrementAt(items, 0)[0]?.qun).toBe(2);
  });

  it('never goes below 1', () => {
    const items = [item({ qun: 1 })];
    expect(decrementAt(items, 0)).toBe(items);
  });

  it('ignores a position with no item', () => {
    const items = [item({ qun: 2 })];
    expect(decrementAt(items, -1)).toBe(items);
  });
});

describe('totals', () => {
  it('computes the subtotal in integer cents: 19.99 x 3', () => {
    expect(subtotalCents([item({ price: 19.99, qun: 3 })])).toBe(5997);
  });

  it('has no floating-point drift: 0.1 + 0.2', () => {
    const items = [item({ id: 1, price: 0.1, qun: 1 }), item({ id: 2, price: 0.2, qun: 1 })];
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(subtotalCents(items)).toBe(30);
  });

  it('sums many awkward prices exactly', () => {
    const items = [1.15, 4.35, 0.29, 1.005, 99.99].map((price, i) => item({ id: i, price, qun: 7, stock: 10 }));
    expect(subtotalCents(items)).toBe((115 + 435 + 29 + 100 + 9999) * 7);
  });

  it('is 0 for an empty cart', () => {
    expect(subtotalCents([])).toBe(0);
    expect(itemCount([])).toBe(0);
    expect(totalQuantity([])).toBe(0);
  });

  it('gives the line total of one item', () => {
    expect(lineTotalCents(item({ price: 12.5, qun: 4 }))).toBe(5000);
  });

  it('counts items for the badge and sums qun for Total Quantity', () => {
    const items = [item({ id: 1, qun: 2 }), item({ id: 2, qun: 3 })];
    expect(itemCount(items)).toBe(2);
    expect(totalQuantity(items)).toBe(5);
  });
});
