import { parse } from 'valibot';
import { productSchema, type Product } from '../api/schemas.ts';
import { CatalogError } from '../api/client.ts';
import { compareRows } from './compareRows.ts';
import { loadProductsByIds } from './productsByIds.ts';

const product = (fields: Partial<Product> & { id: number }): Product =>
  parse(productSchema, {
    title: `Product ${fields.id}`,
    price: 10,
    discountPercentage: 0,
    rating: 4,
    stock: 5,
    brand: 'Acme',
    category: 'chairs',
    color: 'black',
    description: 'A chair.',
    ...fields,
  });

describe('the comparison rows', () => {
  it('marks exactly the facts that differ between the products', () => {
    const rows = compareRows([product({ id: 1 }), product({ id: 2, price: 12, color: 'white' }), product({ id: 3 })]);
    const differing = rows.filter((row) => row.differs).map((row) => row.key);
    expect(differing).toEqual(['price', 'color']);
    expect(rows.find((row) => row.key === 'price')!.values).toEqual([10, 12, 10]);
  });

  it('shows the original price only for a discounted product, and nothing differs with one product', () => {
    const rows = compareRows([product({ id: 1, price: 9.5, discountPercentage: 5 }), product({ id: 2, brand: '' })]);
    expect(rows.find((row) => row.key === 'originalPrice')!.values).toEqual([10, null]);
    expect(rows.find((row) => row.key === 'brand')!.values).toEqual(['Acme', null]);
    expect(compareRows([product({ id: 1 })]).some((row) => row.differs)).toBe(false);
  });
});

describe('loading the products of a stored list', () => {
  it('keeps the list order and names the products the catalogue no longer has', async () => {
    const client = {
      getProduct: async (id: number) => {
        if (id === 404) throw new CatalogError('not-found', 'gone', 404);
        return product({ id });
      },
    };
    const loaded = await loadProductsByIds([8, 404, 3], undefined, client);
    expect(loaded.products.map((p) => p.id)).toEqual([8, 3]);
    expect(loaded.missing).toEqual([404]);
  });

  it('fails as a whole when the catalogue cannot be reached', async () => {
    const client = { getProduct: async () => Promise.reject(new CatalogError('network', 'down')) };
    await expect(loadProductsByIds([1, 2], undefined, client)).rejects.toThrow('down');
  });
});
