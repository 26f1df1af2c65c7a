// Import jobs over real HTTP: a file or a DummyJSON-compatible URL is taken in the background, its
// progress and refused records read back from the database by any instance; the limits answer clear
// 4xx; the catalogue never imports from itself; only staff (or the admin token) start or read one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from 'service-kit/processes';
import { startFakeAuth, TOKENS } from '../testing/fakeAuth.ts';
import { BACKENDS, startTestServer, testStorage, until, type TestServer } from '../testing/harness.ts';

jest.setTimeout(60_000);

const staff = { authorization: `Bearer ${TOKENS.staff}` };

const lamp = (id: number, title = `Imported Lamp ${id}`) => ({
  id,
  title,
  category: 'furniture',
  price: 31.5,
  stock: 7,
  thumbnail: 'https://img.example/l.png',
});

let auth: Awaited<ReturnType<typeof startFakeAuth>>;
beforeAll(async () => {
  auth = await startFakeAuth();
});
afterAll(() => auth.close());

async function send(t: TestServer, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await fetch(t.url + path, { method, headers: { ...staff, ...headers }, body });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const postJson = (t: TestServer, value: unknown, headers: Record<string, string> = {}) =>
  send(t, 'POST', '/products/imports', JSON.stringify(value), { 'content-type': 'application/json', ...headers });

/** Polls the job until it is no longer running; answers its last state. */
async function finished(t: TestServer, id: string): Promise<Record<string, any>> {
  let job: Record<string, any> = {};
  await until(
    async () => {
      job = (await send(t, 'GET', `/products/imports/${id}`)).body;
      return job.state !== 'running';
    },
    `import ${id} to finish`,
    20_000,
  );
  return job;
}

describe.each(BACKENDS)('import jobs on %s', (backend) => {
  let t: TestServer;
  let source: Server;
  let sourceUrl: string;

  beforeAll(async () => {
    // A DummyJSON-compatible source: three products, two to a page.
    const all = [lamp(901), lamp(902), { id: 903, title: 'No price', category: 'bags', thumbnail: 'x.png' }];
    source = createServer((request, response) => {
      const url = new URL(request.url!, 'http://source');
      const skip = Number(url.searchParams.get('skip') ?? 0);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ products: all.slice(skip, skip + 2), total: all.length, skip, limit: 2 }));
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    const sourceOrigin = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
    sourceUrl = `${sourceOrigin}/products?limit=2`;
    // Imports read public addresses only: the loopback source, and the catalogue itself for the loop
    // guard's test, are internal sources named deliberately.
    const port = await freePort();
    t = await startTestServer(backend, {
      PORT: String(port),
      FIREBASE_AUTH_VERIFY_URL: auth.verifyUrl,
      IMPORT_MAX_RECORDS: '50',
      IMPORT_MAX_BYTES: '20000',
      IMPORT_ALLOWED_ORIGINS: `${sourceOrigin},http://127.0.0.1:${port}`,
      SITE_URL: 'https://shop.example',
    });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => source?.close(resolve));
  });

  it('imports a JSON file: the good records reach the shop at once, the bad one is listed with its reason', async () => {
    const started = await postJson(t, { products: [lamp(801, 'Brass Importable Lamp'), { id: 802, title: 'Broken', price: -1 }, lamp(803)] });
    expect(started).toMatchObject({ status: 202, body: { id: expect.any(String), state: 'running' } });
    const job = await finished(t, started.body.id);
    expect(job).toMatchObject({ state: 'done', total: 3, processed: 3, accepted: 2, refusedCount: 1, error: null, createdBy: 'sam@shop.example' });
    expect(job.refused).toEqual([{ index: 1, id: 802, reason: expect.stringMatching(/category|price|thumbnail/) }]);
    expect((await t.get('/products/801')).body).toMatchObject({ title: 'Brass Importable Lamp', price: 31.5, stock: 7 });
    expect((await t.get('/products/search?q=importable')).body.products.map((p: { id: number }) => p.id)).toEqual([801]);
  });

  it('imports NDJSON and CSV: a line that is not JSON and a repeated id are refused on their own', async () => {
    const ndjson = [JSON.stringify(lamp(811)), '{not json', JSON.stringify(lamp(811)), ''].join('\n');
    const started = await send(t, 'POST', '/products/imports', ndjson, { 'content-type': 'application/x-ndjson' });
    const job = await finished(t, started.body.id);
    expect(job).toMatchObject({ state: 'done', total: 3, accepted: 1, refusedCount: 2 });
    expect(job.refused).toEqual([
      { index: 1, reason: 'line 2 is not JSON' },
      { index: 2, id: 811, reason: 'id 811 is already used by record #0' },
    ]);
    const csv = 'id,title,category,price,thumbnail\n821,Csv Stool,furniture,12.5,https://img.example/s.png\n';
    const fromCsv = await finished(t, (await send(t, 'POST', '/products/imports', csv, { 'content-type': 'text/csv' })).body.id);
    expect(fromCsv).toMatchObject({ state: 'done', accepted: 1 });
    expect((await t.get('/products/821')).body.title).toBe('Csv Stool');
  });

  it('imports a DummyJSON-compatible URL page by page, with its total', async () => {
    const job = await finished(t, (await postJson(t, { url: sourceUrl })).body.id);
    expect(job).toMatchObject({ state: 'done', total: 3, processed: 3, accepted: 2, refusedCount: 1, source: sourceUrl });
    expect((await t.get('/products/902')).body.title).toBe('Imported Lamp 902');
  });

  it('refuses what it cannot or must not import, with a clear 4xx, and never reads itself', async () => {
    expect(await postJson(t, { url: 'ftp://files.example/products.json' })).toMatchObject({
      status: 400,
      body: { message: 'Only http(s) addresses can be imported' },
    });
    expect(await postJson(t, { url: 'https://shop.example/api/catalog/products' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/this shop itself/) },
    });
    expect(await postJson(t, { hello: 1 })).toMatchObject({ status: 400 });
    expect(await postJson(t, [])).toMatchObject({ status: 400, body: { message: 'The file holds no products' } });
    const many = Array.from({ length: 51 }, (_, i) => ({ id: i + 1 }));
    expect(await postJson(t, many)).toMatchObject({ status: 413, body: { message: expect.stringMatching(/51 records; one import takes at most 50/) } });
    const big = await postJson(t, [{ description: 'x'.repeat(30_000) }]);
    expect(big).toMatchObject({ status: 413, body: { message: 'The file is larger than 20000 bytes (IMPORT_MAX_BYTES): split it' } });
    // Other refusals of the same routes keep their own words.
    expect((await send(t, 'POST', '/products/imports', '{', { 'content-type': 'application/json' })).status).toBe(400);
    expect(await send(t, 'POST', '/products/imports', 'x', { 'content-type': 'text/plain' })).toMatchObject({ status: 415 });
    // Its own address under another name: the marked request is refused, and the job says why.
    const loop = await finished(t, (await postJson(t, { url: `${t.url}/products` })).body.id);
    expect(loop).toMatchObject({ state: 'failed', error: expect.stringMatching(/this catalogue itself/) });
  });

  it('answers 401 signed out, 403 to a shopper, 404 for an unknown job', async () => {
    const none = await fetch(`${t.url}/products/imports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(none.status).toBe(401);
    expect((await postJson(t, [lamp(1)], { authorization: `Bearer ${TOKENS.shopper}` })).status).toBe(403);
    const id = (await postJson(t, [lamp(831)])).body.id as string;
    expect((await send(t, 'GET', `/products/imports/${id}`, undefined, { authorization: `Bearer ${TOKENS.shopper}` })).status).toBe(403);
    expect((await fetch(`${t.url}/products/imports/${id}`)).status).toBe(401);
    expect((await send(t, 'GET', '/products/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await send(t, 'GET', '/products/imports/not-an-id')).status).toBe(400);
  });
});

it('another instance on the same database answers the progress of a job it did not run', async () => {
  const shared = testStorage('sqlite');
  const env = { FIREBASE_AUTH_VERIFY_URL: auth.verifyUrl };
  const a = await startTestServer('sqlite', env, shared);
  const b = await startTestServer('sqlite', env, shared);
  try {
    const id = (await postJson(a, [lamp(841), lamp(842)])).body.id as string;
    expect(await finished(b, id)).toMatchObject({ state: 'done', accepted: 2 });
  } finally {
    await a.close();
    await b.close();
    await shared.cleanup();
  }
});
