import { PRICE_RANGES, type ListQuery, type ProductRecord } from '../products/model.ts';
import { generateBatches, generateProduct } from '../seed/generator.ts';
import { BACKENDS, testConfig, testStorage } from '../testing/harness.ts';
import { openStore } from './open.ts';
import type { CatalogStore } from './repository.ts';

const SEED = 99;

/** DummyJSON's search: a case-insensitive substring of the title or of the description. */
const searched = (p: ProductRecord, q: string) => p.title.toLowerCase().includes(q) || p.description.toLowerCase().includes(q);
const COUNT = 3000;

/** Each sort key as the store compares it (titles ignore case); ties break by id in the same direction. */
const SORT_KEYS: Record<string, (p: ProductRecord) => number | string> = {
  id: (p) => p.id,
  price: (p) => p.priceCents,
  rating: (p) => p.rating,
  createdAt: (p) => p.createdAt,
  discountPercentage: (p) => p.discountPercentage,
  title: (p) => p.title.toLowerCase(),
};

function sorted(products: ProductRecord[], sortBy: string, order: 'asc' | 'desc'): ProductRecord[] {
  const k = SORT_KEYS[sortBy]!;
  const direction = order === 'desc' ? -1 : 1;
  return [...products].sort((a, b) => (k(a) < k(b) ? -direction : k(a) > k(b) ? direction : (a.id - b.id) * direction));
}

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
    expect(total).toBe(all.filter((p) => searched(p, 'chair')).length);
  });

  // Broad filters make the SQLite store walk the sort index; narrow ones make it sort the matches.
  it.each<[string, Partial<ListQuery>, (p: ProductRecord) => boolean]>([
    ['a broad colour filter', { color: 'blue', sortBy: 'price', order: 'asc' }, (p) => p.color === 'blue'],
    [
      'a broad price filter',
      { minPriceCents: 1000, maxPriceCents: 9999, sortBy: 'rating', order: 'desc' },
      (p) => p.priceCents >= 1000 && p.priceCents <= 9999,
    ],
    [
      'a narrow brand and colour filter',
      { brand: 'Voltaic', color: 'red', sortBy: 'createdAt', order: 'desc' },
      (p) => p.brand === 'Voltaic' && p.color === 'red',
    ],
    [
      'search with a category',
      { q: 'lamp', category: 'furniture', sortBy: 'discountPercentage', order: 'desc' },
      (p) => searched(p, 'lamp') && p.category === 'furniture',
    ],
    ['a broad search', { q: 'BLE', sortBy: 'rating', order: 'desc' }, (p) => searched(p, 'ble')],
    ['a short search', { q: 'ck', sortBy: 'title', order: 'asc' }, (p) => searched(p, 'ck')],
  ])('lists %s the same as a plain sort would', async (_name, filter, matches) => {
    const query: ListQuery = { limit: 20, skip: 10, sortBy: 'id', order: 'asc', ...filter };
    const expected = sorted(all.filter(matches), query.sortBy, query.order);
    const { rows, total } = await store.listProducts(query);
    // Filters the facet cube cannot answer (text, prices off the shop's ranges) are counted up to 1,000.
    expect(total).toBe(Math.min(expected.length, 1000));
    expect(rows.map((p) => p.id)).toEqual(expected.slice(10, 30).map((p) => p.id));
  });

  it('counts past the bound only for pages beyond it, and says when a total is a lower bound', async () => {
    const broad = { minPriceCents: 1000, maxPriceCents: 9999, sortBy: 'id', order: 'asc' } as const;
    const matching = all.filter((p) => p.priceCents >= 1000 && p.priceCents <= 9999).map((p) => p.id);
    expect(matching.length).toBeGreaterThan(1000);
    expect(await store.listProductIds({ ...broad, limit: 12, skip: 0 })).toEqual({ ids: matching.slice(0, 12), total: 1000, totalIsLowerBound: true });
    expect(await store.listProductIds({ ...broad, limit: 12, skip: 996 })).toEqual({ ids: matching.slice(996, 1008), total: matching.length });
    const narrow = await store.listProductIds({ ...broad, minPriceCents: 1001, limit: 12, skip: 0 });
    expect(narrow.totalIsLowerBound).toBe(true);
  });

  // The store walks the sort index for filters that match many products and sorts the matches of
  // filters that match few (see PagePlan); every sort key, both orders, and pages that straddle two windows.
  const shopFilters: [string, Partial<ListQuery>, (p: ProductRecord) => boolean][] = [
    [
      'a category and a price range',
      { category: 'furniture', minPriceCents: 4000, maxPriceCents: 6999 },
      (p) => p.category === 'furniture' && p.priceCents >= 4000 && p.priceCents <= 6999,
    ],
    ['a price range', { minPriceCents: 4000, maxPriceCents: 6999 }, (p) => p.priceCents >= 4000 && p.priceCents <= 6999],
    [
      'a category, a colour and a price range',
      { category: 'bags', color: 'red', minPriceCents: 2000, maxPriceCents: 2999 },
      (p) => p.category === 'bags' && p.color === 'red' && p.priceCents >= 2000 && p.priceCents <= 2999,
    ],
    ['a colour', { color: 'green' }, (p) => p.color === 'green'],
    ['a category and a brand', { category: 'furniture', brand: 'Oakhaven' }, (p) => p.category === 'furniture' && p.brand === 'Oakhaven'],
    [
      'a brand, a colour and a price range',
      { brand: 'Voltaic', color: 'black', minPriceCents: 2000, maxPriceCents: 49999 },
      (p) => p.brand === 'Voltaic' && p.color === 'black' && p.priceCents >= 2000 && p.priceCents <= 49999,
    ],
  ];
  it.each(
    shopFilters.flatMap(([name, filter, matches]) =>
      Object.keys(SORT_KEYS).flatMap((sortBy) => (['asc', 'desc'] as const).map((order) => [name, sortBy, order, filter, matches] as const)),
    ),
  )('pages %s sorted by %s %s the same whichever plan the store picks', async (_name, sortBy, order, filter, matches) => {
    const expected = sorted(all.filter(matches), sortBy, order);
    for (const [skip, limit] of [
      [0, 12],
      [228, 24],
      [480, 12],
    ] as const) {
      const query = { ...filter, sortBy, order, skip, limit } as ListQuery;
      const { ids, total } = await store.listProductIds(query);
      expect(total).toBe(expected.length);
      expect(ids).toEqual(expected.slice(skip, skip + limit).map((p) => p.id));
    }
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
