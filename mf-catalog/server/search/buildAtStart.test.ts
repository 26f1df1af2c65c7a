// The service listens before the word search's index is built (a minute at a million products):
// alive at once, not ready until the index is in place, word searches answered by the substring
// search meanwhile, and a failed build named by readiness and tried again.
import type { CatalogStore } from '../storage/repository.ts';
import { BACKENDS, startTestServer, until, type Backend, type TestServer } from '../testing/harness.ts';
import { SearchService } from './service.ts';

const ADMIN_TOKEN = 'catalogue-admin-token-for-build-tests';

type Scan = CatalogStore['scanProducts'];
type Product = { id: number; title: string; description: string };

/** The store as the search sees it, with its catalogue read through `scan`. */
function readingThrough(store: CatalogStore, scan: Scan): CatalogStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'scanProducts') return scan;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A server whose search reads its catalogue through `scan(store)`; resolves once it listens. */
function startBuilding(backend: Backend, scan: (store: CatalogStore) => Scan, retryMs?: { first: number; max: number }): Promise<TestServer> {
  return startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN }, undefined, {
    startSearch: (store) => SearchService.start(readingThrough(store, scan(store)), { retryMs }),
    waitForSearch: false,
  });
}

function words(q: string, extra = ''): string {
  return `/products/search?q=${encodeURIComponent(q)}&match=words${extra}`;
}

const ready = (t: TestServer) => until(async () => (await t.get('/readyz')).status === 200, 'the search index to be built');

describe.each(BACKENDS)('the search index built after listening, on %s', (backend: Backend) => {
  let t: TestServer | undefined;
  let release: () => void = () => {};

  afterEach(async () => {
    release();
    await t?.close();
  });

  it('is alive and not ready while it builds, answers word searches by substring meanwhile, then by the index with the changes told meanwhile', async () => {
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const firstPageRead = new Promise<void>((resolve) => (holding = resolve));
    let scans = 0;
    // The first page (the whole seed catalogue) is read, then the build waits until the test lets it go.
    t = await startBuilding(backend, (store) => async (after, limit) => {
      if (scans++ > 0) {
        holding();
        await held;
      }
      return store.scanProducts(after, limit);
    });
    const server = t;
    await firstPageRead;
    const catalogue = (await server.get('/products?limit=1')).body.total as number;

    expect(await server.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await server.get('/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', reason: `search index building: ${catalogue} of ${catalogue} products read` },
    });

    const bySubstring = await server.get(words('Headphones'));
    expect(bySubstring.status).toBe(200);
    expect(bySubstring.headers.get('cache-control')).toBe('no-store');
    expect(bySubstring.body.search).toEqual({ query: 'Headphones', corrected: null, words: [] });
    expect(bySubstring.body.total).toBeGreaterThan(0);
    for (const product of bySubstring.body.products as Product[]) expect(`${product.title} ${product.description}`.toLowerCase()).toContain('headphones');
    expect((await server.get(words('headphnes'))).body).toMatchObject({ products: [], total: 0, search: { corrected: null } });

    // Product 1 was read before this change: the build applies it once it is done.
    const changed = await fetch(`${server.url}/products/1`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Zorblat Lantern' }),
    });
    expect(changed.status).toBe(200);

    release();
    await ready(server);
    const byIndex = await server.get(words('headphnes'));
    expect(byIndex.headers.get('cache-control')).toBe('public, max-age=60');
    expect(byIndex.body.search).toMatchObject({ query: 'headphnes', corrected: 'headphones' });
    expect(byIndex.body.total).toBeGreaterThan(0);
    expect((await server.get(words('zorblat'))).body).toMatchObject({ total: 1, products: [{ id: 1, title: 'Zorblat Lantern' }] });
  });
});

describe('building the search index after listening, on sqlite: turns and failures', () => {
  let t: TestServer | undefined;
  let release: () => void = () => {};

  afterEach(async () => {
    release();
    await t?.close();
    jest.restoreAllMocks();
  });

  it('answers probes between the pages of a build that never waits on I/O', async () => {
    // SQLite answers a page without waiting: a catalogue that goes on (copies of the first product
    // under new ids) until the probe is answered, or for 20,000 pages if requests never get a turn.
    const most = 20_000;
    let copies = 0;
    let answered = false;
    t = await startBuilding('sqlite', (store) => async (after, limit) => {
      const page = await store.scanProducts(after, limit);
      if (page.length > 0 || answered || copies >= most) return page;
      copies++;
      const [first] = await store.scanProducts(0, 1);
      return [{ ...first!, id: after + 1 }];
    });
    const server = t;
    expect((await server.get('/healthz')).status).toBe(200);
    expect((await server.get('/readyz')).body.reason).toMatch(/^search index building: \d+ of \d+ products read$/);
    answered = true;
    expect(copies).toBeLessThan(most);
    await ready(server);
  });

  it('logs a failed build, says so in readiness, and builds again until it succeeds', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const held = new Promise<void>((resolve) => (release = resolve));
    let attempts = 0;
    t = await startBuilding(
      'sqlite',
      (store) => async (after, limit) => {
        if (after === 0 && ++attempts === 1) throw new Error('connection reset by the database');
        await held;
        return store.scanProducts(after, limit);
      },
      { first: 20, max: 20 },
    );
    const server = t;
    const notReady = await server.get('/readyz');
    expect(notReady.status).toBe(503);
    // Either waiting for the next attempt or in it, the failure is named.
    expect(notReady.body.reason).toMatch(/^search index build(ing \(attempt 2, the last failed: | failed \()connection reset by the database/);
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^catalog: search index build failed \(attempt 1\), trying again in 1 s: connection reset by the database$/),
    );
    expect((await server.get(words('Headphones'))).body.total).toBeGreaterThan(0);

    release();
    await ready(server);
    expect((await server.get(words('headphnes'))).body.search.corrected).toBe('headphones');
  });
});
