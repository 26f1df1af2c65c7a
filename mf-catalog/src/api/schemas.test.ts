import { parse, safeParse } from 'valibot';
import { handedCardSchema, productListSchema, productSchema } from './schemas.ts';

describe('catalogue answers', () => {
  it('keeps a product whose display fields are missing or damaged, with neutral values', () => {
    const parsed = safeParse(productSchema, { id: 3, title: 'Lamp', price: 12.5, rating: 'five', stock: -2, images: 'a.png', brand: null, extra: 'kept' });
    expect(parsed.success).toBe(true);
    expect(parsed.output).toEqual({
      id: 3,
      title: 'Lamp',
      price: 12.5,
      discountPercentage: 0,
      rating: 0,
      stock: 0,
      thumbnail: '',
      images: [],
      brand: null,
      extra: 'kept',
    });
  });

  it('refuses a product without the facts a shopper buys by', () => {
    expect(safeParse(productSchema, { title: 'Lamp', price: 1 }).success).toBe(false);
    expect(safeParse(productSchema, { id: 1.5, title: 'Lamp', price: 1 }).success).toBe(false);
    expect(safeParse(productSchema, { id: 1, title: '', price: 1 }).success).toBe(false);
    expect(safeParse(productSchema, { id: 1, title: 'Lamp', price: -1 }).success).toBe(false);
  });

  it('gives two products damaged images lists of their own', () => {
    const first = parse(productSchema, { id: 1, title: 'A', price: 1, images: 7 });
    const second = parse(productSchema, { id: 2, title: 'B', price: 1, images: 7 });
    expect(first.images).not.toBe(second.images);
  });

  it('reads a listing with its paging defaults and empty facets', () => {
    const parsed = safeParse(productListSchema, { products: [{ id: 1, title: 'A', price: 1 }], total: 40, skip: 'x', facets: {} });
    expect(parsed.success).toBe(true);
    expect(parsed.output).toMatchObject({ total: 40, skip: 0, limit: 0, facets: { categories: [], brands: [], colors: [], priceRanges: [] } });
    expect(safeParse(productListSchema, { products: [], total: -1 }).success).toBe(false);
  });

  it('takes a handed card only with every fact the card shows', () => {
    const card = { id: 1, title: 'A', price: 1, discountPercentage: 5, rating: 4.2, stock: 3 };
    expect(safeParse(handedCardSchema, card).success).toBe(true);
    expect(safeParse(handedCardSchema, { ...card, stock: undefined }).success).toBe(false);
  });
});
