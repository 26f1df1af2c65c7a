import { CatalogError, createCatalogClient, isAbortError, listUrl, productUrl, suggestionUrl } from './client.ts';

function respond(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const product = {
  id: 1,
  title: 'Dive Watch',
  description: 'A watch.',
  category: 'accessories',
  price: 67.99,
  discountPercentage: 9,
  rating: 3.6,
  stock: 87,
  brand: 'Vantera',
  color: 'red',
  images: ['/api/catalog/images/products/1/watch-red-1.svg'],
  thumbnail: '/api/catalog/images/products/1/watch-red-1.svg',
  extra: { kept: true },
};

describe('URLs', () => {
  it('builds listing URLs with only the parameters given, in a fixed order', () => {
    expect(listUrl({ limit: 6 })).toBe('/api/catalog/products?limit=6');
    expect(
      listUrl({
        category: 'bags',
        brand: 'Harbor & Pine',
        color: 'red',
        minPrice: 0,
        maxPrice: 9.99,
        sortBy: 'rating',
        order: 'desc',
        limit: 12,
        skip: 24,
        select: ['id', 'title'],
        facets: true,
      }),
    ).toBe(
      '/api/catalog/products?category=bags&brand=Harbor+%26+Pine&color=red&minPrice=0&maxPrice=9.99&sortBy=rating&order=desc&limit=12&skip=24&select=id%2Ctitle&facets=1',
    );
  });

  it("uses the search endpoint with the shop's word matching when there is a query", () => {
    expect(listUrl({ q: '  lamp ', limit: 24 })).toBe('/api/catalog/products/search?q=lamp&match=words&limit=24');
    expect(listUrl({ q: '   ', limit: 24 })).toBe('/api/catalog/products?limit=24');
  });

  it('asks for the words as typed when typo correction is off', () => {
    expect(listUrl({ q: 'headphnes', typos: 'off', limit: 24, skip: 24 })).toBe(
      '/api/catalog/products/search?q=headphnes&match=words&typos=off&limit=24&skip=24',
    );
    expect(listUrl({ typos: 'off', limit: 6 })).toBe('/api/catalog/products?limit=6');
  });

  it('cuts search text to the 100 characters the catalogue accepts', () => {
    const url = new URL(listUrl({ q: 'a'.repeat(150), limit: 1 }), 'http://x');
    expect(url.searchParams.get('q')).toHaveLength(100);
  });

  it('asks for 8 suggestions, matching the last word as a prefix while it is typed', () => {
    expect(suggestionUrl(' Lamp ')).toBe(
      '/api/catalog/products/search?q=Lamp&match=words&prefix=on&limit=8&select=id%2Ctitle%2Cdescription%2Cprice%2CdiscountPercentage%2Crating%2Cstock%2Cbrand%2Ccategory%2Ccolor%2Cthumbnail',
    );
  });

  it('addresses one product by id', () => {
    expect(productUrl(12)).toBe('/api/catalog/products/12');
    expect(productUrl(12, 'https://dummyjson.com')).toBe('https://dummyjson.com/products/12');
  });
});

describe('createCatalogClient', () => {
  it('returns validated data, keeping unknown fields and filling neutral defaults', async () => {
    const fetch = jest.fn(async () => respond(200, { products: [product, { id: 2, title: 'Bare', price: 1 }], total: 2, skip: 0, limit: 2 }));
    const client = createCatalogClient({ fetch });
    const list = await client.listProducts({ limit: 2 });
    expect(fetch).toHaveBeenCalledWith('/api/catalog/products?limit=2', expect.objectContaining({ signal: undefined }));
    expect(list.total).toBe(2);
    expect(list.products[0]).toMatchObject({ title: 'Dive Watch', extra: { kept: true } });
    expect(list.products[1]).toMatchObject({ id: 2, discountPercentage: 0, rating: 0, stock: 0, thumbnail: '' });
  });

  it("reads how the search read the shopper's words", async () => {
    const search = {
      query: 'headphnes',
      corrected: 'headphones',
      words: [{ typed: 'headphnes', matched: 'headphones', kind: 'typo' }],
    };
    const client = createCatalogClient({ fetch: async () => respond(200, { products: [product], total: 1, skip: 0, limit: 24, search }) });
    await expect(client.listProducts({ q: 'headphnes', limit: 24 })).resolves.toMatchObject({ total: 1, search });
    // A word that matched nothing is said with nulls.
    const nothing = { query: 'xqzvwj', corrected: null, words: [{ typed: 'xqzvwj', matched: null, kind: null }] };
    const suggestions = createCatalogClient({ fetch: async () => respond(200, { products: [], total: 0, skip: 0, limit: 8, search: nothing }) });
    await expect(suggestions.suggest('xqzvwj')).resolves.toMatchObject({ search: nothing });
  });

  it('keeps the results when the account of the search is damaged, or absent (an older service)', async () => {
    const answer = (search: unknown) => createCatalogClient({ fetch: async () => respond(200, { products: [product], total: 1, search }) });
    const damaged = await answer({ query: 'x', corrected: 7, words: 'many' }).listProducts({ q: 'x', limit: 1 });
    expect(damaged.products).toHaveLength(1);
    expect(damaged.search).toEqual({ query: 'x', corrected: null, words: [] });
    expect((await answer('nonsense').listProducts({ q: 'x', limit: 1 })).search).toBeNull();
    expect((await answer(undefined).listProducts({ q: 'x', limit: 1 })).search).toBeUndefined();
  });

  it('reads one product', async () => {
    const client = createCatalogClient({ fetch: async () => respond(200, product) });
    await expect(client.getProduct(1)).resolves.toMatchObject({ id: 1, stock: 87 });
  });

  it('reports a 404 as not-found', async () => {
    const client = createCatalogClient({ fetch: async () => respond(404, { message: "Product with id '999' not found" }) });
    await expect(client.getProduct(999)).rejects.toMatchObject({ name: 'CatalogError', kind: 'not-found', status: 404 });
  });

  it('reports other statuses as http errors', async () => {
    const client = createCatalogClient({ fetch: async () => respond(500, { message: 'boom' }) });
    const error = await client.listProducts({ limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ kind: 'http', status: 500 });
  });

  it('reports an unreachable catalogue as a network error', async () => {
    const client = createCatalogClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.getCategories()).rejects.toMatchObject({ kind: 'network' });
  });

  it('reports bodies that are not JSON, or not the expected shape, as invalid', async () => {
    const notJson = createCatalogClient({ fetch: async () => respond(200, '<html>') });
    await expect(notJson.listProducts({ limit: 1 })).rejects.toMatchObject({ kind: 'invalid' });
    const wrongShape = createCatalogClient({ fetch: async () => respond(200, { items: [] }) });
    await expect(wrongShape.listProducts({ limit: 1 })).rejects.toMatchObject({ kind: 'invalid' });
    const badProduct = createCatalogClient({ fetch: async () => respond(200, { id: 'x', title: '' }) });
    await expect(badProduct.getProduct(1)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('passes cancellation through as an AbortError, not a catalogue error', async () => {
    const controller = new AbortController();
    const client = createCatalogClient({
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const pending = client.suggest('lamp', controller.signal);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(CatalogError);
  });

  it('reads categories', async () => {
    const client = createCatalogClient({ fetch: async () => respond(200, [{ slug: 'bags', name: 'Bags', url: '/x' }]) });
    await expect(client.getCategories()).resolves.toEqual([{ slug: 'bags', name: 'Bags', url: '/x' }]);
  });
});
