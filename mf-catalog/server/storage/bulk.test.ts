import { PRICE_RANGES, type ListQuery, type ProductRecord } from '../products/model.ts';
import { generateBatches, generateProduct } from '../seed/generator.ts';
import { BACKENDS, testConfig, testStorage } from '../testing/harness.ts';
import { openStore } from './open.ts';
import type { CatalogStore } from './repository.ts';

const SEED = 99;
const COUNT = 3000;

describe.each(BACKENDS)('bulk load and query planning on %s', (backend) => {
  const storage = testStorage(backend);
  let store: CatalogStore;
  const all: ProductRecord[] = Array.from({ length: COUNT }, (_, i) => generateProduct(SEED, i + 1));

  beforeAll(async () => {
    store = await openStore(testConfig({ ...storage.env, SEED_PRODUCTS: '0' }));
  });

  afterAll(async () => {
    await store?.close();
    await storage.cleanup();
  });

  it('replaces the catalogue with generated batches and rebuilds the search index', async () => {
    await store.upsertProducts([generateProduct(1, 1)]);
    expect(await store.bulkLoad(generateBatches(SEED, COUNT, 400))).toBe(COUNT);
    expect(await store.countProducts()).toBe(COUNT);
    expect(await store.getProduct(COUNT)).toEqual(all[COUNT - 1]);
    const { total } = await store.listProducts({ q: 'chair', limit: 1, skip: 0, sortBy: 'id', order: 'asc' });
    expect(total).toBe(all.filter((p) => p.title.toLowerCase().includes('chair')).length);
  });

  // Broad filters make the SQLite store walk the sort index; narrow ones make it sort the matches.
  it.each<[string, Partial<ListQuery>, (p: ProductRecord) => boolean]>([
    ['a broad colour filter', { color: 'blue', sortBy: 'price', order: 'asc' }, (p) => p.color === 'blue'],
    ['a broad price filter', { minPriceCents: 1000, maxPriceCents: 9999, sortBy: 'rating', order: 'desc' }, (p) => p.priceCents >= 1000 && p.priceCents <= 9999],
    ['a narrow brand and colour filter', { brand: 'Voltaic', color: 'red', sortBy: 'createdAt', order: 'desc' }, (p) => p.brand === 'Voltaic' && p.color === 'red'],
    ['search with a category', { q: 'lamp', category: 'furniture', sortBy: 'discountPercentage', order: 'desc' }, (p) => p.title.toLowerCase().includes('lamp') && p.category === 'furniture'],
    ['a broad search', { q: 'BLE', sortBy: 'rating', order: 'desc' }, (p) => p.title.toLowerCase().includes('ble')],
    ['a short search', { q: 'ck', sortBy: 'title', order: 'asc' }, (p) => p.title.toLowerCase().includes('ck')],
  ])('lists %s the same as a plain sort would', async (_name, filter, matches) => {
    const query: ListQuery = { limit: 20, skip: 10, sortBy: 'id', order: 'asc', ...filter };
    const key: Record<string, (p: ProductRecord) => number | string> = {
      id: (p) => p.id,
      price: (p) => p.priceCents,
      rating: (p) => p.rating,
      createdAt: (p) => p.createdAt,
      discountPercentage: (p) => p.discountPercentage,
      title: (p) => p.title.toLowerCase(),
    };
    const k = key[query.sortBy]!;
    const direction = query.order === 'desc' ? -1 : 1;
    const expected = all
      .filter(matches)
      .sort((a, b) => (k(a) < k(b) ? -direction : k(a) > k(b) ? direction : (a.id - b.id) * direction));
    const { rows, total } = await store.listProducts(query);
    expect(total).toBe(expected.length);
    expect(rows.map((p) => p.id)).toEqual(expected.slice(10, 30).map((p) => p.id));
  });

  it('counts facets over the whole catalogue', async () => {
    const counts = await store.facetCounts({});
    expect([...counts.categories.values()].reduce((a, b) => a + b, 0)).toBe(COUNT);
    expect(counts.priceRanges).toEqual(PRICE_RANGES.map((r) => all.filter((p) => p.priceCents >= r.minCents && p.priceCents <= r.maxCents).length));
  });

  it('clears the catalogue', async () => {
    await store.clearProducts();
    expect(await store.countProducts()).toBe(0);
    expect((await store.listProducts({ q: 'chair', limit: 5, skip: 0, sortBy: 'id', order: 'asc' })).total).toBe(0);
  });
});
