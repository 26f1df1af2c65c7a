// Several catalogue services on one PostgreSQL database, as they run past one machine: they answer
// alike, a write through one shows through the others at once, stock reservations stay exact
// whichever instance takes them, and reads can come from a replica's connection string.
import pg from 'pg';
import { generateProduct } from './seed/generator.ts';
import { openStore } from './storage/open.ts';
import { BACKENDS, startTestServer, testStorage, until, type TestServer } from './testing/harness.ts';

const postgres = BACKENDS.includes('postgres');

(postgres ? describe : describe.skip)('two catalogue instances on one PostgreSQL', () => {
  const storage = testStorage('postgres');
  let a: TestServer;
  let b: TestServer;
  // Long cache lifetimes: anything fresh that an instance shows comes from the change notices.
  const env = { PRODUCT_CACHE_TTL_MS: '3600000', COUNT_CACHE_TTL_MS: '3600000' };

  beforeAll(async () => {
    a = await startTestServer('postgres', env, storage);
    b = await startTestServer('postgres', env, storage);
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await storage.cleanup();
  });

  const stockOn = async (server: TestServer, id: number) => (await server.get(`/products/${id}?select=stock`)).body.stock as number;

  it('answer every read alike', async () => {
    for (const path of [
      '/products/1',
      '/products?limit=12&skip=12',
      '/products?category=furniture&minPrice=20&maxPrice=29.99&sortBy=rating&order=desc&limit=12&facets=1',
      '/products/search?q=chair&limit=8&select=id,title,price,thumbnail',
      '/products/category/bags?sortBy=price&order=desc',
    ]) {
      const [fromA, fromB] = await Promise.all([a.get(path), b.get(path)]);
      expect(fromB.status).toBe(200);
      expect(fromB.body).toEqual(fromA.body);
    }
  });

  it('show a product written through one instance on the other at once, in listings too', async () => {
    await a.get('/products?limit=5&select=title');
    expect((await b.get('/products/3')).status).toBe(200);
    const writer = await openStore(a.config);
    try {
      await writer.upsertProducts([{ ...generateProduct(a.config.seed, 3), title: 'Renamed Everywhere' }]);
    } finally {
      await writer.close();
    }
    for (const server of [a, b]) {
      await until(async () => (await server.get('/products/3')).body.title === 'Renamed Everywhere', 'the renamed product');
      expect((await server.get('/products?limit=5&select=title')).body.products[2]).toEqual({ id: 3, title: 'Renamed Everywhere' });
    }
  });

  it('take concurrent reservations on both instances without overselling, and both show the stock left', async () => {
    const writer = await openStore(a.config);
    try {
      await writer.upsertProducts([{ ...generateProduct(a.config.seed, 7), stock: 20 }]);
    } finally {
      await writer.close();
    }
    await until(async () => (await stockOn(a, 7)) === 20 && (await stockOn(b, 7)) === 20, 'the restocked product');

    const attempts = Array.from({ length: 60 }, (_, i) =>
      (i % 2 === 0 ? a : b).post('/stock/reservations', { orderId: `multi-${i}`, lines: [{ productId: 7, quantity: 1 }] }),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o.status === 201)).toHaveLength(20);
    expect(outcomes.filter((o) => o.status === 409)).toHaveLength(40);
    for (const server of [a, b]) await until(async () => (await stockOn(server, 7)) === 0, 'the sold-out stock');

    // A reservation taken on one instance is released through the other; both show the stock back.
    const taken = outcomes.findIndex((o) => o.status === 201);
    const other = taken % 2 === 0 ? b : a;
    expect((await other.post(`/stock/reservations/multi-${taken}/release`)).body.status).toBe('released');
    for (const server of [a, b]) await until(async () => (await stockOn(server, 7)) === 1, 'the released unit');
    // The same order id again, on either instance, answers the existing reservation and takes nothing.
    expect((await a.post('/stock/reservations', { orderId: `multi-${taken}`, lines: [{ productId: 7, quantity: 1 }] })).body.status).toBe('released');
    expect(await stockOn(b, 7)).toBe(1);
  });
});

(postgres ? describe : describe.skip)('a catalogue instance reading from a replica connection string', () => {
  const storage = testStorage('postgres');
  const replicaName = `catalog-replica-${process.pid}`;
  let t: TestServer;
  let admin: pg.Client;

  beforeAll(async () => {
    // The "replica" is the same database through a second connection string whose sessions refuse
    // every write: a write sent the wrong way fails, and its application name shows which reads used it.
    const replica = new URL(storage.env.DATABASE_URL!);
    replica.searchParams.set('application_name', replicaName);
    replica.searchParams.set('options', '-c default_transaction_read_only=on');
    t = await startTestServer('postgres', { DATABASE_READ_URL: replica.toString() }, storage);
    admin = new pg.Client({ connectionString: storage.env.DATABASE_URL });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await admin?.end();
    await t?.close();
    await storage.cleanup();
  });

  it('serves listings, searches and products through the replica and takes reservations on the primary', async () => {
    expect((await t.get('/products/search?q=lamp&limit=3')).body.total).toBeGreaterThan(0);
    expect((await t.get('/products?category=bags&limit=3&facets=1')).body.products).toHaveLength(3);
    const replicaQueries = await admin.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE application_name = $1', [replicaName]);
    expect(replicaQueries.rows.length).toBeGreaterThan(0);
    expect(replicaQueries.rows.map((row) => row.query).join('\n')).toMatch(/FROM product/);

    const before = (await t.get('/products/9?select=stock')).body.stock as number;
    const reserved = await t.post('/stock/reservations', { orderId: 'replica-1', lines: [{ productId: 9, quantity: 1 }] });
    expect(reserved.status).toBe(201);
    expect((await t.post('/stock/reservations/replica-1/commit')).body.status).toBe('committed');
    expect((await t.get('/products/9?select=stock')).body.stock).toBe(before - 1);
  });
});
