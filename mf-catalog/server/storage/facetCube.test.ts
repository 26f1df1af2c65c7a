import { PRICE_RANGES, type ListQuery, type ProductFilter } from '../products/model.ts';
import { generateBatches, generateProduct } from '../seed/generator.ts';
import { BACKENDS, testConfig, testStorage } from '../testing/harness.ts';
import { CubeKeeper, FacetCube, type CubeRow } from './facetCube.ts';
import { openStore } from './open.ts';
import type { CatalogStore, FacetCounts } from './repository.ts';

const SEED = 5;
const COUNT = 25_000; // above the size from which the SQLite store builds the cube in a worker thread

const plain = (counts: FacetCounts) => ({
  categories: Object.fromEntries([...counts.categories].sort()),
  brands: Object.fromEntries([...counts.brands].sort()),
  colors: Object.fromEntries([...counts.colors].sort()),
  priceRanges: counts.priceRanges,
});

const range = (i: number) => ({ minPriceCents: PRICE_RANGES[i]!.minCents, maxPriceCents: PRICE_RANGES[i]!.maxCents });

/** Every kind of filter the shop sends, plus the edges of the price buckets. */
const FILTERS: ProductFilter[] = [
  {},
  { category: 'furniture' },
  { category: 'furniture', ...range(2) },
  { category: 'bags', color: 'red' },
  { color: 'blue', ...range(4) },
  { brand: 'Oakhaven' },
  { brand: 'Oakhaven', category: 'furniture', color: 'green', ...range(3) },
  { brand: 'No Such Brand' },
  { minPriceCents: 0, maxPriceCents: 999 },
  { minPriceCents: 1000 },
  { maxPriceCents: 3999 },
  { minPriceCents: 2000, maxPriceCents: 6999 },
  { minPriceCents: 7000 },
  { category: 'electronics', minPriceCents: 4000 },
];

describe.each(BACKENDS)('facet cube on %s', (backend) => {
  const storage = testStorage(backend);
  let store: CatalogStore;
  let sqlOnly: CatalogStore;

  beforeAll(async () => {
    // COUNT_CACHE_TTL_MS=0 turns every cache off: that store counts everything in SQL, the reference.
    sqlOnly = await openStore(testConfig({ ...storage.env, SEED_PRODUCTS: '0', COUNT_CACHE_TTL_MS: '0' }));
    await sqlOnly.bulkLoad(generateBatches(SEED, COUNT, 5000));
    store = await openStore(testConfig({ ...storage.env, SEED_PRODUCTS: '0', COUNT_CACHE_TTL_MS: '600000' }));
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await sqlOnly?.close();
    await storage.cleanup();
  });

  /** Asks once so the cube starts building, then waits until the store answers from it. */
  async function withCube(): Promise<void> {
    await store.facetCounts({});
    const deadline = Date.now() + 30_000;
    for (;;) {
      const cube = (store as unknown as { cube: CubeKeeper }).cube;
      await cube.settled();
      if (cube.current()) return;
      if (Date.now() > deadline) throw new Error('the cube was not built');
    }
  }

  /**
   * The same page and total; where SQL stopped counting at its bound (1,000) and the cube knows the
   * filter, the cube's exact total is above that bound.
   */
  async function expectSameListing(query: ListQuery): Promise<void> {
    const fromCube = await store.listProductIds(query);
    const counted = await sqlOnly.listProductIds(query);
    if (counted.totalIsLowerBound && !fromCube.totalIsLowerBound) {
      expect(fromCube.ids).toEqual(counted.ids);
      expect(fromCube.total).toBeGreaterThan(counted.total);
    } else {
      expect(fromCube).toEqual(counted);
    }
  }

  it('gives the same totals and facet counts as counting in SQL', async () => {
    await withCube();
    for (const filter of FILTERS) {
      expect(plain(await store.facetCounts(filter))).toEqual(plain(await sqlOnly.facetCounts(filter)));
      const query: ListQuery = { ...filter, limit: 3, skip: 0, sortBy: 'rating', order: 'desc' };
      await expectSameListing(query);
    }
  });

  it('still counts filters the cube cannot answer (text, prices off the range edges) in SQL', async () => {
    for (const filter of [{ q: 'chair', category: 'furniture' }, { minPriceCents: 1500, maxPriceCents: 2500 }, { maxPriceCents: 1 }] as ProductFilter[]) {
      expect(plain(await store.facetCounts(filter))).toEqual(plain(await sqlOnly.facetCounts(filter)));
      const query: ListQuery = { ...filter, limit: 5, skip: 0, sortBy: 'id', order: 'asc' };
      await expectSameListing(query);
    }
  });

  it('shows a write through the store at once', async () => {
    await withCube();
    const product = { ...generateProduct(SEED, 2), id: COUNT + 1, brand: 'Brand New Brand', priceCents: 2500 };
    const before = await store.facetCounts({ category: product.category });
    await store.upsertProducts([product]);
    const after = await store.facetCounts({ category: product.category });
    expect(after.brands.get('Brand New Brand')).toBe(1);
    expect(after.priceRanges[2]).toBe(before.priceRanges[2]! + 1);
    expect((await store.listProductIds({ brand: 'Brand New Brand', limit: 5, skip: 0, sortBy: 'id', order: 'asc' })).total).toBe(1);
    await withCube();
    expect((await store.facetCounts({ brand: 'Brand New Brand' })).categories.get(product.category)).toBe(1);
  });
});

describe('FacetCube', () => {
  const rows: CubeRow[] = [
    { k_category: 'bags', k_brand: 'A', k_color: 'red', k_bucket: 0, n: 2 },
    { k_category: 'bags', k_brand: null, k_color: null, k_bucket: 5, n: 3 },
    { k_category: 'furniture', k_brand: 'B', k_color: 'red', k_bucket: '4', n: '7' },
  ];

  it('answers only filters without text whose price bounds fall on range edges', () => {
    const cube = FacetCube.fromRows(rows)!;
    expect(cube.answers({})).toBe(true);
    expect(cube.answers({ minPriceCents: 1000, maxPriceCents: 2999 })).toBe(true);
    expect(cube.answers({ q: 'x' })).toBe(false);
    expect(cube.answers({ minPriceCents: 1001 })).toBe(false);
    expect(cube.answers({ maxPriceCents: 1000 })).toBe(false);
  });

  it('counts cells, leaving brandless and colourless products out of those facets only', () => {
    const cube = FacetCube.fromRows(rows)!;
    expect(cube.total({})).toBe(12);
    expect(cube.total({ minPriceCents: 4000 })).toBe(10);
    expect(cube.total({ color: 'red', maxPriceCents: 999 })).toBe(2);
    const counts = cube.facetCounts({ category: 'bags' });
    expect(counts.categories).toEqual(
      new Map([
        ['bags', 5],
        ['furniture', 7],
      ]),
    );
    expect(counts.brands).toEqual(new Map([['A', 2]]));
    expect(counts.colors).toEqual(new Map([['red', 2]]));
    expect(counts.priceRanges).toEqual([2, 0, 0, 0, 0]);
  });

  it('is not used for catalogues with too many cells', () => {
    expect(FacetCube.fromRows(Array.from({ length: 200_001 }, () => rows[0]!))).toBeNull();
  });
});

describe('CubeKeeper', () => {
  const rows: CubeRow[] = [{ k_category: 'bags', k_brand: 'A', k_color: 'red', k_bucket: 0, n: 1 }];

  it('builds in the background, rebuilds after a write, and never keeps a build that a write overtook', async () => {
    let release: (() => void) | null = null;
    let builds = 0;
    const keeper = new CubeKeeper(async () => {
      builds++;
      await new Promise<void>((resolve) => (release = resolve));
      return rows;
    }, 60_000);
    expect(keeper.current()).toBeNull(); // starts a build, answers nothing yet
    keeper.invalidate(); // a write while building
    release!();
    await keeper.settled();
    expect(builds).toBe(1);
    expect(keeper.current()).toBeNull(); // the overtaken build was dropped; a new one starts
    release!();
    await keeper.settled();
    expect(keeper.current()?.total({})).toBe(1);
    expect(builds).toBe(2);
  });

  it('lets a request wait for the build in flight instead of counting without the cube', async () => {
    let release: (() => void) | null = null;
    const keeper = new CubeKeeper(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return rows;
    }, 60_000);
    const waiting = keeper.ready();
    release!();
    expect((await waiting)?.total({})).toBe(1);
    expect(await keeper.ready()).toBe(keeper.current());
  });

  it('backs off after a failed build and is off with a zero lifetime', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let builds = 0;
    const failing = new CubeKeeper(async () => {
      builds++;
      throw new Error('database gone');
    }, 60_000);
    failing.current();
    await failing.settled();
    failing.current();
    await failing.settled();
    expect(builds).toBe(1);
    expect(errors).toHaveBeenCalledWith('catalog: facet cube build failed: database gone');
    errors.mockRestore();
    const off = new CubeKeeper(async () => rows, 0);
    expect(off.current()).toBeNull();
    await off.settled();
    expect(off.current()).toBeNull();
  });
});
