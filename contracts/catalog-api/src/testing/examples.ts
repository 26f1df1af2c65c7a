// Representative answers of the catalogue API's writes and the reads the back office makes: a desk lamp
// as stored, a page of the staff's product list, an import that refused one record, the search counts. The catalogue's
// contract test (mf-catalog/server/api/contract.test.ts) holds them to what the service really
// answers, field for field; callers' tests read them through their clients.
import type { z } from 'zod';
import type { searchFigures } from '../figures.ts';
import type { importJob, importStarted } from '../imports.ts';
import type { product, productList } from '../products.ts';

export const productExample = {
  id: 7,
  title: 'Brass Desk Lamp',
  description: 'A desk lamp with a brass shade and a weighted base.',
  category: 'furniture',
  price: 24.99,
  discountPercentage: 5,
  rating: 4.5,
  stock: 12,
  tags: ['lamp', 'brass'],
  brand: 'Lumo',
  sku: 'LMP-0007',
  color: 'yellow',
  availabilityStatus: 'In Stock',
  meta: { createdAt: '2026-11-27T10:00:00.000Z', updatedAt: '2026-11-27T10:30:00.000Z' },
  images: ['/api/catalog/images/products/7/lamp-yellow-1.svg'],
  thumbnail: '/api/catalog/images/products/7/lamp-yellow-1.svg',
} satisfies z.input<typeof product>;

/** The staff's list: select=title,price,stock,category,brand,sku,thumbnail. */
export const productListExample = {
  products: [
    {
      id: 7,
      title: 'Brass Desk Lamp',
      price: 24.99,
      stock: 12,
      category: 'furniture',
      brand: 'Lumo',
      sku: 'LMP-0007',
      thumbnail: '/api/catalog/images/products/7/lamp-yellow-1.svg',
    },
  ],
  total: 1,
  skip: 0,
  limit: 20,
} satisfies z.input<typeof productList>;

export const importStartedExample = { id: '3c1d2e4f-1111-4222-8333-444455556666', state: 'running' } satisfies z.input<typeof importStarted>;

export const importJobExample = {
  id: '3c1d2e4f-1111-4222-8333-444455556666',
  state: 'done',
  source: 'JSON file',
  createdBy: 'ann@shop.example',
  total: 2,
  processed: 2,
  accepted: 1,
  refusedCount: 1,
  refused: [{ index: 1, id: 'bad', reason: 'id: must be a positive whole number' }],
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:01.000Z',
} satisfies z.input<typeof importJob>;

export const searchFiguresExample = {
  since: '2026-11-27T10:00:00.000Z',
  searches: 12,
  empty: 2,
  byMatch: { typos: { searches: 9, empty: 1 }, prefix: { searches: 3, empty: 1 } },
} satisfies z.input<typeof searchFigures>;
