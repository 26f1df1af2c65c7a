import { PageCache, productsShown, type RenderedPage } from './pageCache.ts';

const listing = { '/api/catalog/products?limit=8': { status: 200, body: { products: [{ id: 1 }, { id: 2 }], total: 2, skip: 0, limit: 8 } } };
const product7 = { '/api/catalog/products/7': { status: 200, body: { id: 7, title: 'Lamp' } } };

const page = (html: string, answers: RenderedPage['answers'] = {}, extra: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  html,
  answers,
  complete: true,
  ...extra,
});

/** A cache on a clock the test moves, live (its change stream connected) unless told otherwise. */
function cacheAt(start = 0, live = true) {
  let now = start;
  const cache = new PageCache({ maxBytes: 1024 * 1024, freshMs: 10_000, staleMs: 60_000, now: () => now });
  cache.setLive(live);
  return { cache, advance: (ms: number) => void (now += ms) };
}

/** A render the test finishes when it wants, counting how often it ran. */
function controlledRender(result: RenderedPage) {
  let calls = 0;
  const pending: ((page: RenderedPage) => void)[] = [];
  return {
    render: () => {
      calls++;
      return new Promise<RenderedPage>((resolve) => pending.push(resolve));
    },
    finishAll: () => pending.splice(0).forEach((resolve) => resolve(result)),
    calls: () => calls,
  };
}

test('a page is rendered once and served to the next shoppers while fresh', async () => {
  const { cache, advance } = cacheAt();
  let renders = 0;
  const render = async () => page(`<p>${++renders}</p>`);
  expect(await cache.page('en|/', render)).toEqual({ page: page('<p>1</p>'), source: 'miss' });
  advance(9_000);
  expect(await cache.page('en|/', render)).toEqual({ page: page('<p>1</p>'), source: 'hit' });
  expect(renders).toBe(1);
});

test('two hundred shoppers asking for a page nobody has rendered yet share one render', async () => {
  const { cache } = cacheAt();
  const slow = controlledRender(page('<p>home</p>'));
  const asked = Array.from({ length: 200 }, () => cache.page('en|/', slow.render));
  slow.finishAll();
  const answers = await Promise.all(asked);
  expect(slow.calls()).toBe(1);
  expect(answers.filter((answer) => answer.source === 'miss')).toHaveLength(1);
  expect(answers.every((answer) => answer.page?.html === '<p>home</p>')).toBe(true);
});

test('an old page is served at once while one render replaces it, then the new one is served', async () => {
  const { cache, advance } = cacheAt();
  await cache.page('en|/', async () => page('<p>old</p>'));
  advance(15_000);
  const fresh = controlledRender(page('<p>new</p>'));
  expect(await cache.page('en|/', fresh.render)).toEqual({ page: page('<p>old</p>'), source: 'stale' });
  expect(await cache.page('en|/', fresh.render)).toEqual({ page: page('<p>old</p>'), source: 'stale' });
  expect(fresh.calls()).toBe(1);
  fresh.finishAll();
  await new Promise((resolve) => setImmediate(resolve));
  expect(await cache.page('en|/', fresh.render)).toEqual({ page: page('<p>new</p>'), source: 'hit' });
});

test('a page too old to serve stale is rendered again before it is answered', async () => {
  const { cache, advance } = cacheAt();
  await cache.page('en|/', async () => page('<p>old</p>'));
  advance(71_000);
  expect(await cache.page('en|/', async () => page('<p>new</p>'))).toEqual({ page: page('<p>new</p>'), source: 'miss' });
});

test("a product's change drops the pages showing it, and a data change every listing; other pages stay", async () => {
  const { cache } = cacheAt();
  await cache.page('/shop', async () => page('shop', listing));
  await cache.page('/shop/7', async () => page('lamp', product7));
  await cache.page('/about', async () => page('about'));
  cache.apply({ kind: 'stock', ids: [7] });
  expect((await cache.page('/shop/7', async () => page('lamp, 2 left', product7))).source).toBe('miss');
  expect((await cache.page('/shop', async () => page('shop again', listing))).source).toBe('hit');
  cache.apply({ kind: 'data', ids: [99] });
  expect((await cache.page('/shop', async () => page('shop again', listing))).source).toBe('miss');
  expect((await cache.page('/shop/7', async () => page('x', product7))).source).toBe('hit');
  expect((await cache.page('/about', async () => page('x'))).source).toBe('hit');
  cache.apply({ kind: 'data', ids: null });
  expect(cache.size).toBe(0);
});

test('a render that began before a change is answered to its requests but neither kept nor shared with later ones', async () => {
  const { cache } = cacheAt();
  const before = controlledRender(page('lamp at $10', product7));
  const first = cache.page('/shop/7', before.render);
  cache.apply({ kind: 'data', ids: [7] });
  const after = controlledRender(page('lamp at $12', product7));
  const second = cache.page('/shop/7', after.render);
  before.finishAll();
  after.finishAll();
  expect((await first).page?.html).toBe('lamp at $10');
  expect((await second).page?.html).toBe('lamp at $12');
  expect((await cache.page('/shop/7', async () => page('x'))).page?.html).toBe('lamp at $12');
});

test('incomplete renders, error pages and anything while the change stream is down are never kept', async () => {
  const { cache } = cacheAt();
  await cache.page('/shop/1', async () => page('screen left to the browser', {}, { complete: false }));
  await cache.page('/shop/999', async () => page('not found', {}, { status: 404 }));
  expect(cache.size).toBe(0);
  cache.setLive(false);
  await cache.page('/', async () => page('home'));
  expect((await cache.page('/', async () => page('home again'))).source).toBe('miss');
});

test('a failed render fails the requests that waited for it, and the next request renders again', async () => {
  const { cache } = cacheAt();
  await expect(cache.page('/', () => Promise.reject(new Error('catalogue down')))).rejects.toThrow('catalogue down');
  expect((await cache.page('/', async () => page('home'))).source).toBe('miss');
});

test('the products a page shows are read from the catalogue answers it carries', () => {
  expect(productsShown({ ...listing, ...product7, '/api/catalog/products/categories': { status: 200, body: [{ slug: 'bags' }] } })).toEqual({
    ids: [1, 2, 7],
    listing: true,
  });
  expect(productsShown(product7)).toEqual({ ids: [7], listing: false });
});
