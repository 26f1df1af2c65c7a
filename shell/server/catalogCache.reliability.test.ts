// The gateway's cache of catalogue answers, between real processes: repeated answers come from the
// gateway, revalidation gives 304s, and a stock change through the catalogue drops what showed the
// old stock at once, in every gateway worker.
import { pollUntil } from '../../tools/kit/processes.ts';
import { CatalogCache } from './catalogCache.ts';
import { INTERNAL_TOKEN, startCatalog, startGateway, workspace, type Service } from './testing/liveServices.ts';

jest.setTimeout(60_000);

/** A change reaches the gateway in milliseconds. */
const until = (check: () => Promise<boolean>, what: string) => pollUntil(check, { timeoutMs: 5000, intervalMs: 10, what });

describe.each([1, 2])('the gateway with %i worker(s) in front of the catalogue', (workers) => {
  const space = workspace('gateway-cache-');
  let catalog: Service;
  let gateway: Service;

  beforeAll(async () => {
    catalog = space.track(await startCatalog(space.root));
    gateway = space.track(await startGateway(space.root, { catalogUrl: catalog.url, checkoutUrl: 'http://127.0.0.1:9' }, { GATEWAY_WORKERS: String(workers) }));
  });

  afterAll(() => space.cleanup());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${gateway.url}/api/catalog${path}`, { headers });
  const stock = async (path: string) => {
    const body = (await (await get(path)).json()) as { stock?: number; products?: { id: number; stock: number }[] };
    return body.products ? body.products.find((p) => p.id === 5)!.stock : body.stock!;
  };
  const reserve = (orderId: string) =>
    fetch(`${catalog.url}/stock/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
      body: JSON.stringify({ orderId, lines: [{ productId: 5, quantity: 1 }] }),
    });

  it('answers repeated product and listing requests itself, the same bytes as the catalogue', async () => {
    for (const path of ['/products/5', '/products?limit=12&skip=0&select=id,title,stock']) {
      const direct = await (await fetch(`${catalog.url}${path}`)).text();
      // Until the change stream is connected nothing is kept; after it, the second answer (per worker) is a hit.
      await until(async () => (await get(path)).headers.get('x-cache') === 'HIT', `a cached answer for ${path}`);
      const hit = await get(path);
      expect(hit.status).toBe(200);
      expect(hit.headers.get('cache-control')).toBe('public, max-age=60');
      expect(await hit.text()).toBe(direct);
    }
  });

  it('answers a matching If-None-Match with 304 from the cache', async () => {
    const first = await get('/products/5');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    await until(async () => (await get('/products/5', { 'if-none-match': etag })).status === 304, 'a 304 from the cache');
  });

  it('shows a stock change at once, in the product and in listings, on every worker', async () => {
    const before = await stock('/products/5');
    const listed = '/products?limit=12&skip=0&select=id,title,stock';
    await until(async () => (await get(listed)).headers.get('x-cache') === 'HIT', 'a cached listing');
    expect((await reserve(`gateway-cache-${workers}`)).status).toBe(201);
    // Several requests, so that with two workers both answer.
    await until(async () => {
      const seen = await Promise.all(Array.from({ length: 6 }, (_, i) => stock(i % 2 ? listed : '/products/5')));
      return seen.every((value) => value === before - 1);
    }, 'the new stock through the gateway');
  });

  it('never keeps answers the catalogue does not allow a shared cache to keep', async () => {
    expect((await get('/products/999999')).status).toBe(404);
    expect((await get('/products/999999')).headers.get('x-cache')).not.toBe('HIT');
  });
});

describe('CatalogCache', () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const headers = { 'cache-control': 'public, max-age=60', 'content-type': 'application/json; charset=utf-8', date: new Date().toUTCString() };

  it('keeps nothing while the change stream is down, and forgets everything when it goes down', () => {
    const cache = new CatalogCache(1024 * 1024);
    cache.store('/api/catalog/products/1', {}, 200, headers, json({ id: 1 }));
    expect(cache.size).toBe(0);
    cache.setLive(true);
    cache.store('/api/catalog/products/1', {}, 200, headers, json({ id: 1 }));
    expect(cache.fresh('/api/catalog/products/1', {})).toBeDefined();
    cache.setLive(false);
    expect(cache.fresh('/api/catalog/products/1', {})).toBeUndefined();
  });

  it('drops the answers showing a product whose stock changed, and every listing and the categories when product data changed', () => {
    const cache = new CatalogCache(1024 * 1024);
    cache.setLive(true);
    cache.store('/one', {}, 200, headers, json({ id: 1 }));
    cache.store('/two', {}, 200, headers, json({ id: 2 }));
    cache.store('/page', {}, 200, headers, json({ products: [{ id: 2 }, { id: 3 }], total: 2 }));
    cache.store('/other-page', {}, 200, headers, json({ products: [{ id: 4 }], total: 1 }));
    cache.store('/categories', {}, 200, headers, json([{ slug: 'lighting', name: 'Lighting' }]));
    cache.apply({ kind: 'stock', ids: [2] });
    expect(['/one', '/two', '/page', '/other-page', '/categories'].map((url) => cache.fresh(url, {}) !== undefined)).toEqual([true, false, false, true, true]);
    cache.apply({ kind: 'data', ids: [1] });
    // The categories too: they are counted from the products, and an import may bring new ones.
    expect(['/one', '/other-page', '/categories'].map((url) => cache.fresh(url, {}) !== undefined)).toEqual([false, false, false]);
  });

  it('honours no-store, private and a request asking for a fresh answer, and stays within its size', () => {
    const cache = new CatalogCache(10 * 1024);
    cache.setLive(true);
    cache.store('/private', {}, 200, { ...headers, 'cache-control': 'private, max-age=60' }, json({ id: 1 }));
    cache.store('/no-store', {}, 200, { ...headers, 'cache-control': 'no-store' }, json({ id: 1 }));
    expect(cache.size).toBe(0);
    cache.store('/kept', {}, 200, headers, json({ id: 1 }));
    expect(cache.fresh('/kept', { 'cache-control': 'no-cache' })).toBeUndefined();
    for (let i = 0; i < 20; i++) cache.store(`/big-${i}`, {}, 200, headers, Buffer.alloc(2000, 32));
    expect(cache.size).toBeLessThanOrEqual(4);
  });
});
