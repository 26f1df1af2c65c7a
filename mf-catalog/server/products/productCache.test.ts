// The product JSON cache over real HTTP: whatever changes a product through the service shows at
// once in /products/{id} and in listings, even with a cache lifetime far longer than the test.
import { generateProduct } from '../seed/generator.ts';
import { openStore } from '../storage/open.ts';
import { BACKENDS, startTestServer, until, type TestServer } from '../testing/harness.ts';

describe.each(BACKENDS)('product cache on %s', (backend) => {
  let t: TestServer;
  let order = 0;
  const nextOrder = () => `cache-${backend}-${++order}`;
  const shown = async (id: number) => (await t.get(`/products/${id}`)).body;
  const listed = async (id: number) =>
    (await t.get(`/products?limit=0&select=stock,availabilityStatus`)).body.products.find((p: { id: number }) => p.id === id);

  beforeAll(async () => {
    t = await startTestServer(backend, { PRODUCT_CACHE_TTL_MS: '3600000', COUNT_CACHE_TTL_MS: '3600000' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('shows the stock a reservation takes and a release gives back, in the product and in listings', async () => {
    const before = await shown(5);
    expect(before.stock).toBeGreaterThanOrEqual(2);
    await t.get('/products/5?select=stock');
    await t.get('/products/search?q=a&limit=0');
    const orderId = nextOrder();
    expect((await t.post('/stock/reservations', { orderId, lines: [{ productId: 5, quantity: 2 }] })).status).toBe(201);
    expect((await shown(5)).stock).toBe(before.stock - 2);
    expect((await t.get('/products/5?select=stock')).body).toEqual({ id: 5, stock: before.stock - 2 });
    expect((await listed(5)).stock).toBe(before.stock - 2);
    expect((await t.post(`/stock/reservations/${orderId}/release`)).status).toBe(200);
    expect(await shown(5)).toEqual(before);
    expect((await listed(5)).stock).toBe(before.stock);
  });

  it('shows availability change when a reservation takes the last items', async () => {
    const { body } = await t.get('/products?limit=0&select=stock');
    const target = body.products.find((p: { id: number; stock: number }) => p.stock >= 1 && p.stock <= 40 && p.id !== 5);
    await shown(target.id);
    const orderId = nextOrder();
    expect((await t.post('/stock/reservations', { orderId, lines: [{ productId: target.id, quantity: target.stock }] })).status).toBe(201);
    expect(await shown(target.id)).toMatchObject({ stock: 0, availabilityStatus: 'Out of Stock' });
    expect((await t.post(`/stock/reservations/${orderId}/commit`)).status).toBe(200);
    expect((await t.post(`/stock/reservations/${orderId}/release`)).status).toBe(200);
    expect((await shown(target.id)).stock).toBe(0); // committed stock stays taken
  });

  it('keeps showing unchanged stock after a refused reservation', async () => {
    const before = await shown(6);
    const orderId = nextOrder();
    const refused = await t.post('/stock/reservations', {
      orderId,
      lines: [
        { productId: 6, quantity: 1 },
        { productId: 99999, quantity: 1 },
      ],
    });
    expect(refused.status).toBe(404);
    expect(await shown(6)).toEqual(before);
  });

  it("shows products written through the service's own store at once", async () => {
    const before = await shown(7);
    await t.server.store.upsertProducts([{ ...generateProduct(t.config.seed, 7), title: 'Renamed Lamp', priceCents: 1234 }]);
    expect(await shown(7)).toMatchObject({ title: 'Renamed Lamp', price: 12.34 });
    await t.server.store.upsertProducts([generateProduct(t.config.seed, 7)]);
    expect((await shown(7)).title).toBe(before.title);
  });

  it('re-reads listing pages and totals after a write through the store, but not after stock changes', async () => {
    const cheapest = '/products?sortBy=price&order=asc&limit=3&select=price';
    const first = (await t.get(cheapest)).body;
    const searched = (await t.get('/products/search?q=Zyzzyva')).body.total;
    const orderId = nextOrder();
    await t.post('/stock/reservations', { orderId, lines: [{ productId: first.products[0].id, quantity: 1 }] });
    expect((await t.get(cheapest)).body).toEqual(first);
    await t.post(`/stock/reservations/${orderId}/release`);
    await t.server.store.upsertProducts([{ ...generateProduct(t.config.seed, 8), title: 'Zyzzyva Chair', priceCents: 1 }]);
    const after = (await t.get(cheapest)).body;
    expect(after.products[0]).toEqual({ id: 8, price: 0.01 });
    expect((await t.get('/products/search?q=Zyzzyva')).body.total).toBe(searched + 1);
    await t.server.store.upsertProducts([generateProduct(t.config.seed, 8)]);
    expect((await t.get(cheapest)).body).toEqual(first);
  });

  it('answers 304 to a matching If-None-Match and a new tag once the product changes', async () => {
    const first = await t.get('/products/9');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await fetch(`${t.url}/products/9`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await revalidated.text()).toBe('');
    expect((await fetch(`${t.url}/products/9`, { headers: { 'if-none-match': `W/${etag}, "other"` } })).status).toBe(304);
    expect((await fetch(`${t.url}/products/9`, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
    const orderId = nextOrder();
    await t.post('/stock/reservations', { orderId, lines: [{ productId: 9, quantity: 1 }] });
    const changed = await fetch(`${t.url}/products/9`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    await t.post(`/stock/reservations/${orderId}/release`);
  });
});

describe.each(BACKENDS)('product cache lifetime on %s', (backend) => {
  // Another process writing the SQLite file (a CLI) tells nobody: its writes show after the cache
  // lifetime. On PostgreSQL every instance publishes its writes and the others drop what they cached.
  it(
    backend === 'sqlite'
      ? 'shows a write by another process (a CLI) after PRODUCT_CACHE_TTL_MS, and at once with the cache off'
      : 'shows a write by another process (a CLI or another instance) at once, whatever the cache lifetime',
    async () => {
      const runs =
        backend === 'sqlite'
          ? ([
              ['20000', '150', 300],
              ['0', '3600000', 0],
            ] as const)
          : ([['20000', '3600000', 0]] as const);
      for (const [size, ttl, waitMs] of runs) {
        const t = await startTestServer(backend, { PRODUCT_CACHE_SIZE: size, PRODUCT_CACHE_TTL_MS: ttl, COUNT_CACHE_TTL_MS: ttl });
        try {
          const title = (await t.get('/products/2')).body.title;
          expect((await t.get('/products?limit=3&select=title')).body.products[1]).toEqual({ id: 2, title });
          const cli = await openStore(t.config);
          try {
            await cli.upsertProducts([{ ...generateProduct(t.config.seed, 2), title: 'Written Elsewhere' }]);
          } finally {
            await cli.close();
          }
          if (waitMs > 0) {
            expect((await t.get('/products/2')).body.title).toBe(title); // still the cached copy
            await new Promise((resolve) => setTimeout(resolve, waitMs));
          }
          await until(async () => (await t.get('/products/2')).body.title === 'Written Elsewhere', 'the product written elsewhere');
          expect((await t.get('/products?limit=3&select=title')).body.products[1]).toEqual({ id: 2, title: 'Written Elsewhere' });
        } finally {
          await t.close();
        }
      }
    },
  );
});
