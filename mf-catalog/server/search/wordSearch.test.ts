// The word search (match=words) over real HTTP on SQLite and PostgreSQL: how it reads words, ranks,
// and keeps the search page's filters, facets, sorting and pages; writes are searchable at once.
import { BACKENDS, startTestServer, testStorage, until, type Backend, type TestServer } from '../testing/harness.ts';

const ADMIN_TOKEN = 'catalogue-admin-token-for-search-tests';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

type Product = { id: number; title: string; description: string; category: string; color?: string; price: number; brand?: string };

async function send(t: TestServer, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(t.url + path, { method, headers: admin, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  expect(response.status).toBeLessThan(300);
  return response.json();
}

function words(q: string, extra = ''): string {
  return `/products/search?q=${encodeURIComponent(q)}&match=words${extra}`;
}

async function titles(t: TestServer, path: string): Promise<string[]> {
  return ((await t.get(path)).body.products as Product[]).map((product) => product.title);
}

describe.each(BACKENDS)('word search on %s', (backend: Backend) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads a mistyped word as the catalogue word and says so; typos=off searches for what was typed', async () => {
    const { status, body } = await t.get(words('Headphnes'));
    expect(status).toBe(200);
    expect(body.search).toEqual({
      query: 'Headphnes',
      corrected: 'headphones',
      words: [{ typed: 'headphnes', matched: 'headphones', kind: 'typo' }],
    });
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((product: Product) => product.title.includes('Headphones'))).toBe(true);

    const asTyped = (await t.get(words('headphnes', '&typos=off'))).body;
    expect(asTyped).toMatchObject({ products: [], total: 0, search: { corrected: null, words: [{ typed: 'headphnes', matched: null, kind: null }] } });
  });

  it('keeps the typo budget: no correction under 5 letters, one edit from 5, two from 9', async () => {
    expect((await t.get(words('sofs'))).body.total).toBe(0);
    expect((await t.get(words('sofaa'))).body.search.words[0]).toMatchObject({ matched: 'sofa', kind: 'typo' });
    expect((await t.get(words('umbrla'))).body.total).toBe(0);
    expect((await t.get(words('haedphnes'))).body.search.words[0]).toMatchObject({ matched: 'headphones', kind: 'typo' });
    expect((await t.get(words('hedphnes'))).body.total).toBe(0);
  });

  it('needs every word, in any order, across title, brand and colour; a nonsense word answers nothing', async () => {
    const red = await t.get(words('watch red', '&select=title,color'));
    expect(red.body.total).toBeGreaterThan(0);
    for (const product of red.body.products as Product[]) {
      expect(product.title).toMatch(/Watch/);
      expect(product.color).toBe('red');
    }
    expect((await t.get(words('watch blorfy'))).body).toMatchObject({ products: [], total: 0 });
  });

  it('matches plurals by their stem and reports the catalogue form', async () => {
    const { body } = await t.get(words('lamps'));
    expect(body.search.words).toEqual([{ typed: 'lamps', matched: 'lamp', kind: 'stem' }]);
    expect(body.products.every((product: Product) => product.title.includes('Lamp'))).toBe(true);
  });

  it('matches the last word as a beginning only with prefix=on', async () => {
    expect((await t.get(words('head'))).body.search.words).toEqual([{ typed: 'head', matched: null, kind: null }]);
    const typing = (await t.get(words('head', '&prefix=on'))).body;
    expect(typing.search.words).toEqual([{ typed: 'head', matched: 'headphones', kind: 'prefix' }]);
    expect(typing.total).toBeGreaterThan(0);
  });

  it('suggests the titles that contain the text as typed, in any case, inside a word or across two', async () => {
    for (const typed of ['atch', 'IVE WA', 'ive wa']) {
      const found = {
        typed,
        suggested: await titles(t, words(typed, '&prefix=on&limit=8&select=title')),
        onThePage: await titles(t, words(typed, '&limit=24&select=title')),
      };
      expect(found).toEqual({ typed, suggested: expect.arrayContaining(['Dive Watch']), onThePage: expect.arrayContaining(['Dive Watch']) });
    }
    const across = await titles(t, words('IVE WA', '&limit=100&select=title'));
    expect(across.length).toBeGreaterThan(0);
    expect(across.every((title) => title.toLowerCase().includes('ive wa'))).toBe(true);
    // As typed: the pieces next to each other, in that order, with what stands between them.
    expect((await t.get(words('wa ive'))).body.total).toBe(0);
    expect((await t.get(words('ive-wa'))).body.total).toBe(0);
    expect(await titles(t, words('t-sh', '&limit=100&select=title'))).toEqual(expect.arrayContaining(['Heavyweight T-Shirt', 'Striped T-Shirt']));
  });

  it('ranks whole title words first, then titles with the text inside a word, then the description only', async () => {
    const found = await titles(t, words('watch', '&limit=100&select=title'));
    const whole = found.filter((title) => /\bWatch\b/.test(title));
    const inside = found.filter((title) => /watch/i.test(title) && !/\bWatch\b/.test(title));
    expect(whole.length).toBeGreaterThan(0);
    expect(inside.length).toBeGreaterThan(0);
    expect(found.slice(0, whole.length)).toEqual(whole);
    expect(found.slice(whole.length, whole.length + inside.length)).toEqual(inside);
    const electronics = await titles(t, words('atch', '&limit=100&select=title&category=electronics'));
    expect(electronics.length).toBeGreaterThan(0);
    expect(electronics.every((title) => title.endsWith('Smartwatch'))).toBe(true);
  });

  it('ranks a word of the title before the same word in the description only', async () => {
    const found = await titles(t, words('compact', '&limit=100'));
    const inTitle = found.filter((title) => /\bCompact\b/.test(title));
    expect(inTitle.length).toBeGreaterThan(0);
    expect(found.length).toBeGreaterThan(inTitle.length);
    expect(found.slice(0, inTitle.length)).toEqual(inTitle);
  });

  it('filters, counts facets, sorts and pages the matches as the shop listing does', async () => {
    const all = (await t.get(words('chair', '&limit=100&select=title,price,color,category&facets=1'))).body;
    const total = all.total as number;
    expect(total).toBeGreaterThan(4);
    expect(all.facets.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(total);

    const pageTwo = (await t.get(words('chair', '&limit=2&skip=2'))).body;
    expect(pageTwo).toMatchObject({ total, skip: 2, limit: 2 });
    expect(pageTwo.products.map((product: Product) => product.id)).toEqual(all.products.slice(2, 4).map((product: Product) => product.id));

    const byPrice = (await t.get(words('chair', '&limit=100&sortBy=price&order=desc&select=price'))).body.products.map((product: Product) => product.price);
    expect(byPrice).toEqual([...byPrice].sort((a: number, b: number) => b - a));

    const byTitle = (await t.get(words('chair', '&limit=100&sortBy=title&select=title'))).body.products.map((product: Product) => product.title.toLowerCase());
    expect(byTitle).toEqual([...byTitle].sort());
    expect(byTitle.length).toBe(total);

    const color = all.products[0].color as string;
    const filtered = (await t.get(words('chair', `&limit=100&color=${color}&select=color`))).body;
    expect(filtered.total).toBe(all.products.filter((product: Product) => product.color === color).length);
    expect((await t.get(words('chair', '&category=bags'))).body.total).toBe(0);
  });

  it('leaves DummyJSON search as it was without match, and refuses typos or prefix without it', async () => {
    expect((await t.get('/products/search?q=chiar')).body.total).toBe(0);
    expect((await t.get('/products/search?q=chiar')).body.search).toBeUndefined();
    const refused = await t.get('/products/search?q=chiar&typos=off');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("'typos' and 'prefix' apply only with match=words");
  });

  it('finds a product added, changed or deleted through the admin API at once', async () => {
    const created = await send(t, 'POST', '/products/add', { title: 'Zephyrine Lantern', category: 'furniture', price: 40 });
    expect((await titles(t, words('zephyrine'))).length).toBe(1);
    expect(await titles(t, words('PHYRINE LAN'))).toEqual(['Zephyrine Lantern']);
    await send(t, 'PATCH', `/products/${created.id}`, { title: 'Quillmore Lantern' });
    expect((await t.get(words('zephyrine', '&typos=off'))).body.total).toBe(0);
    expect((await t.get(words('phyrine lan'))).body.total).toBe(0);
    expect(await titles(t, words('llmore lan'))).toEqual(['Quillmore Lantern']);
    expect(await titles(t, words('quillmore lantern'))).toEqual(['Quillmore Lantern']);
    await send(t, 'DELETE', `/products/${created.id}`);
    expect((await t.get(words('quillmore'))).body.total).toBe(0);
  });
});

describe.each(BACKENDS)('word search with two instances on one %s database', (backend: Backend) => {
  it('finds what the other instance wrote once its change notice arrives', async () => {
    const storage = testStorage(backend);
    const a = await startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN }, storage);
    const b = await startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN }, storage);
    try {
      await send(a, 'POST', '/products/add', { title: 'Marigoldia Teapot', category: 'home-appliances', price: 25 });
      await until(async () => (await b.get(words('marigoldia teapots'))).body.total === 1, 'the new product in the other instance’s word search');
    } finally {
      await a.close();
      await b.close();
      await storage.cleanup();
    }
  }, 60_000);
});
