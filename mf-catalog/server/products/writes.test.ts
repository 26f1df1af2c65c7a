// The write routes as a catalogue's administrator and an app written against DummyJSON use them, on
// both backends: who may write, what each route answers, and that every read shows the change at once.
import { BACKENDS, startTestServer, testStorage, until, type TestServer } from '../testing/harness.ts';

const ADMIN_TOKEN = 'catalogue-admin-token-for-tests';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function send(t: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = admin) {
  const response = await fetch(t.url + path, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe.each(BACKENDS)('catalogue writes on %s', (backend) => {
  let t: TestServer;

  beforeAll(async () => {
    // Long cache lifetimes: whatever fresh a read shows comes from the write telling the caches.
    t = await startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN, PRODUCT_CACHE_TTL_MS: '3600000', COUNT_CACHE_TTL_MS: '3600000' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses writes without the admin token, with a wrong one, and changes nothing', async () => {
    const before = (await t.get('/products/5')).body;
    const missing = await send(t, 'PATCH', '/products/5', { title: 'Hacked' }, {});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="catalogue"');
    expect(missing.body.message).toMatch(/Authorization: Bearer/);
    for (const [method, path] of [
      ['POST', '/products/add'],
      ['PUT', '/products/5'],
      ['PATCH', '/products/5'],
      ['DELETE', '/products/5'],
    ] as const) {
      const wrong = await send(t, method, path, method === 'DELETE' ? undefined : { title: 'Hacked', price: 1, category: 'bags' }, {
        authorization: 'Bearer not-the-admin-token',
      });
      expect([method, wrong.status, wrong.body.message]).toEqual([method, 403, 'This token may not change the catalogue']);
    }
    expect((await t.get('/products/5')).body).toEqual(before);
    expect((await t.get('/products')).body.total).toBe(180);
  });

  it('adds a product under the next id that every listing, search and facet shows at once', async () => {
    const facetsBefore = (await t.get('/products?category=bags&facets=1&limit=1')).body;
    const { status, body } = await send(t, 'POST', '/products/add', {
      title: 'Zephyrine Field Bag',
      description: 'A roomy bag for a day out.',
      category: 'bags',
      price: 64.5,
      stock: 12,
      brand: 'Zephyrine Goods',
      color: 'green',
      tags: ['bags', 'canvas'],
      reviews: ['ignored: not a field of ours'],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: 181,
      title: 'Zephyrine Field Bag',
      category: 'bags',
      price: 64.5,
      stock: 12,
      brand: 'Zephyrine Goods',
      color: 'green',
      availabilityStatus: 'In Stock',
    });
    expect(body).not.toHaveProperty('reviews');
    expect(body.thumbnail).toMatch(/^\/api\/catalog\/images\/products\/181\/[a-z]+-green-1\.svg$/);
    expect((await t.get(body.thumbnail.replace('/api/catalog', ''))).status).toBe(200);

    expect((await t.get('/products/181')).body).toEqual(body);
    expect((await t.get('/products/search?q=zephyrine field')).body.products.map((p: { id: number }) => p.id)).toEqual([181]);
    const after = (await t.get('/products?category=bags&facets=1&limit=1')).body;
    expect(after.total).toBe(facetsBefore.total + 1);
    const brand = after.facets.brands.find((b: { name: string }) => b.name === 'Zephyrine Goods');
    expect(brand.count).toBe(1);
    expect((await t.get('/products')).body.total).toBe(181);
  });

  it('changes only the fields sent, with PUT and PATCH alike, and answers the product as changed', async () => {
    const before = (await t.get('/products/7')).body;
    const put = await send(t, 'PUT', '/products/7', { title: 'Renamed Product Seven', price: 12.345 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...before, title: 'Renamed Product Seven', price: 12.35, meta: { createdAt: before.meta.createdAt } });
    expect(put.body.meta.updatedAt > before.meta.updatedAt).toBe(true);
    const patch = await send(t, 'PATCH', '/products/7', { stock: 3 });
    expect(patch.body).toMatchObject({ title: 'Renamed Product Seven', stock: 3, availabilityStatus: 'Low Stock' });
    expect((await t.get('/products/7')).body).toEqual(patch.body);
    expect((await t.get('/products?q=renamed product seven&select=title')).body.products).toEqual([{ id: 7, title: 'Renamed Product Seven' }]);
  });

  it('keeps stock held by an open checkout when a change does not name the stock', async () => {
    const stock = (await t.get('/products/9?select=stock')).body.stock as number;
    expect(stock).toBeGreaterThan(1);
    const orderId = `writes-${backend}-held`;
    expect((await t.post('/stock/reservations', { orderId, lines: [{ productId: 9, quantity: 2 }] })).status).toBe(201);
    await send(t, 'PATCH', '/products/9', { description: 'Rewritten while a shopper pays.' });
    expect((await t.get('/products/9?select=stock')).body.stock).toBe(stock - 2);
    await t.post(`/stock/reservations/${orderId}/release`);
    expect((await t.get('/products/9?select=stock')).body.stock).toBe(stock);
  });

  it('deletes a product: answered as it was, then gone everywhere; a checkout holding it can still be released', async () => {
    const orderId = `writes-${backend}-deleted`;
    expect((await t.post('/stock/reservations', { orderId, lines: [{ productId: 11, quantity: 1 }] })).status).toBe(201);
    const before = (await t.get('/products/11')).body;
    const { status, body } = await send(t, 'DELETE', '/products/11');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 11, title: before.title, isDeleted: true });
    expect(Date.parse(body.deletedOn)).not.toBeNaN();
    expect((await t.get('/products/11')).status).toBe(404);
    expect((await t.get('/products?ids=10,11,12')).body.products.map((p: { id: number }) => p.id)).toEqual([10, 12]);
    expect((await t.get(`/products?q=${encodeURIComponent(before.title)}`)).body.products.map((p: { id: number }) => p.id)).not.toContain(11);
    expect((await t.post(`/stock/reservations/${orderId}/release`)).status).toBe(200);
    const reserve = await t.post('/stock/reservations', { orderId: `${orderId}-2`, lines: [{ productId: 11, quantity: 1 }] });
    expect(reserve.status).toBe(404);
    expect((await send(t, 'DELETE', '/products/11')).status).toBe(404);
    expect((await send(t, 'PATCH', '/products/11', { title: 'Back' })).status).toBe(404);
  });

  it('answers a bad body with 400 naming every bad field', async () => {
    const bad = await send(t, 'POST', '/products/add', { title: '', price: -1, category: 'Groceries & More', thumbnail: 'javascript:alert(1)', stock: 1.5 });
    expect(bad.status).toBe(400);
    for (const field of ['title', 'price', 'category', 'thumbnail', 'stock']) expect(bad.body.message).toContain(`${field}:`);
    expect((await send(t, 'POST', '/products/add', { title: 'Only a title' })).body.message).toMatch(/category: .*price: /);
    expect((await send(t, 'PATCH', '/products/2', {})).body.message).toMatch(/^Send at least one field to change/);
    expect((await send(t, 'PUT', '/products/2', [1, 2])).body.message).toMatch(/^The body must be a JSON object/);
    expect((await send(t, 'PUT', '/products/abc', { title: 'X' })).status).toBe(400);
    expect((await t.get('/products')).body.total).toBe(180);
  });
});

describe('catalogue writes when no admin token is configured', () => {
  it('are turned off, and say so', async () => {
    const t = await startTestServer('sqlite');
    try {
      const { status, body } = await send(
        t,
        'POST',
        '/products/add',
        { title: 'X', price: 1, category: 'bags' },
        { authorization: 'Bearer anything-at-all-here' },
      );
      expect(status).toBe(403);
      expect(body.message).toMatch(/turned off.*CATALOG_ADMIN_TOKEN/);
    } finally {
      await t.close();
    }
  });
});

(BACKENDS.includes('postgres') ? describe : describe.skip)('catalogue writes with two instances on one PostgreSQL', () => {
  it('a product added, changed and deleted through one shows through the other at once', async () => {
    const storage = testStorage('postgres');
    const env = { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN, PRODUCT_CACHE_TTL_MS: '3600000', COUNT_CACHE_TTL_MS: '3600000' };
    const a = await startTestServer('postgres', env, storage);
    const b = await startTestServer('postgres', env, storage);
    try {
      expect((await b.get('/products?category=bags&limit=1')).body.total).toBeGreaterThan(0);
      const created = (await send(a, 'POST', '/products/add', { title: 'Two Instance Tote', category: 'bags', price: 20 })).body;
      await until(async () => (await b.get(`/products/${created.id}`)).status === 200, 'the new product on the other instance');
      await until(async () => (await b.get('/products/search?q=two instance tote')).body.total === 1, 'the search on the other instance');
      await send(a, 'PATCH', `/products/${created.id}`, { price: 21 });
      await until(async () => (await b.get(`/products/${created.id}`)).body.price === 21, 'the change on the other instance');
      await send(b, 'DELETE', `/products/${created.id}`);
      await until(async () => (await a.get(`/products/${created.id}`)).status === 404, 'the deletion on the first instance');
    } finally {
      await a.close();
      await b.close();
      await storage.cleanup();
    }
  }, 60_000);
});
