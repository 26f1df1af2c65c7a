import type { ProductDetail } from '../api/catalogApi.ts';
import { changedInput, checkDraft, checkPrice, checkStock, draftOf, EMPTY_DRAFT, newProductInput, parseDecimal } from './productForm.ts';

const lamp: ProductDetail = {
  id: 7,
  title: 'Desk Lamp',
  category: 'furniture',
  brand: 'Lumo',
  sku: 'LMP-7',
  priceCents: 2499,
  stock: 12,
  thumbnail: '/api/catalog/images/products/7/lamp-1.svg',
  description: 'A lamp.',
  color: 'black',
  discountPercentage: 5,
  rating: 4.5,
  tags: ['light', 'desk'],
};

describe('the product form', () => {
  it('reads decimals as people type them, with a point or a comma', () => {
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal(' 12,5 ')).toBe(12.5);
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('-1')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });

  it('checks prices and stock with the catalogue limits', () => {
    expect(checkPrice('24.99')).toEqual({ dollars: 24.99 });
    expect(checkPrice('24,9')).toEqual({ dollars: 24.9 });
    expect(checkPrice('24.999')).toEqual({ error: { key: 'form.error.cents' } });
    expect(checkPrice('abc')).toEqual({ error: { key: 'form.error.number' } });
    expect(checkPrice('10000001')).toEqual({ error: { key: 'form.error.max', values: { max: 10_000_000 } } });
    expect(checkStock('12')).toEqual({ units: 12 });
    expect(checkStock('1.5')).toEqual({ error: { key: 'form.error.whole' } });
    expect(checkStock('2000000000')).toEqual({ error: { key: 'form.error.max', values: { max: 1_000_000_000 } } });
  });

  it('names every wrong field of a new product', () => {
    const result = checkDraft({ ...EMPTY_DRAFT, category: 'Home Decor', price: '-3', rating: '6', color: 'octarine', tags: 'x'.repeat(101) });
    expect(result).toEqual({
      errors: {
        title: { key: 'form.error.required' },
        category: { key: 'form.error.slug' },
        price: { key: 'form.error.number' },
        rating: { key: 'form.error.max', values: { max: 5 } },
        color: { key: 'form.error.color' },
        tags: { key: 'form.error.long', values: { max: 100 } },
      },
    });
  });

  it('makes a new product of a valid draft; an empty SKU is left to the catalogue', () => {
    const result = checkDraft({ ...EMPTY_DRAFT, title: ' Oak Stool ', category: 'furniture', price: '45', stock: '3', tags: 'oak, , seat' });
    expect('input' in result && newProductInput(result.input)).toEqual({
      title: 'Oak Stool',
      description: '',
      category: 'furniture',
      brand: null,
      color: null,
      price: 45,
      discountPercentage: 0,
      rating: 0,
      stock: 3,
      tags: ['oak', 'seat'],
    });
  });

  it('sends only what an edit changed: stock left alone is not written over', () => {
    const original = draftOf(lamp);
    expect(original).toMatchObject({ price: '24.99', stock: '12', tags: 'light, desk', brand: 'Lumo' });
    const draft = { ...original, price: '19.50', brand: '' };
    const result = checkDraft(draft);
    expect('input' in result && changedInput(original, draft, result.input)).toEqual({ price: 19.5, brand: null });
    expect('input' in result && changedInput(original, original, result.input)).toEqual({});
  });
});
