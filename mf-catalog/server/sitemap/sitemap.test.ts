import { BACKENDS, startTestServer, type TestServer } from '../testing/harness.ts';
import { PRODUCTS_PER_SITEMAP, categoryEntries, productSitemapCount, sitemapIndex, urlSet } from './sitemap.ts';

describe('sitemap documents', () => {
  it('index a million products in 20 product sitemaps of at most 50,000 addresses, after the pages', () => {
    expect(productSitemapCount(1_000_000)).toBe(20);
    expect(productSitemapCount(1_000_001)).toBe(21);
    expect(productSitemapCount(0)).toBe(0);
    const index = sitemapIndex('https://shop.example', 1_000_000);
    expect(index.match(/<sitemap>/g)).toHaveLength(21);
    expect(index).toContain('<loc>https://shop.example/sitemaps/pages.xml</loc>');
    expect(index).toContain('<loc>https://shop.example/sitemaps/products-20.xml</loc>');
    expect(index).not.toContain('products-21.xml');
    expect(PRODUCTS_PER_SITEMAP).toBe(50_000);
  });

  it('escape addresses and list each category of the shop', () => {
    const xml = urlSet('https://shop.example', categoryEntries(['home-decoration', 'a&b']));
    expect(xml).toContain('<loc>https://shop.example/shop?category=home-decoration</loc>');
    expect(xml).toContain('<loc>https://shop.example/shop?category=a%26b</loc>');
    expect(urlSet('https://shop.example', [{ path: '/x?a=1&b=<2>' }])).toContain('<loc>https://shop.example/x?a=1&amp;b=&lt;2&gt;</loc>');
  });
});

describe.each(BACKENDS)('sitemaps served by the catalogue on %s', (backend) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(backend, { SITE_URL: 'https://shop.example/' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const text = async (path: string) => {
    const response = await fetch(t.url + path);
    return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), body: await response.text() };
  };

  it('index the pages and the products, cacheable for an hour', async () => {
    const index = await text('/sitemap.xml');
    expect(index).toMatchObject({ status: 200, type: 'application/xml; charset=utf-8', cache: 'public, max-age=3600' });
    expect(index.body).toContain('<loc>https://shop.example/sitemaps/pages.xml</loc>');
    expect(index.body).toContain('<loc>https://shop.example/sitemaps/products-1.xml</loc>');
    expect(index.body).not.toContain('products-2.xml');
  });

  it('list every product with its last change, and every category', async () => {
    const { body: catalogue } = await t.get('/products?limit=0&select=id');
    const products = await text('/sitemaps/products-1.xml');
    expect(products.status).toBe(200);
    const listed = [...products.body.matchAll(/<loc>https:\/\/shop\.example\/shop\/(\d+)<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/g)].map((m) => Number(m[1]));
    expect(listed).toEqual(catalogue.products.map((p: { id: number }) => p.id));
    const pages = await text('/sitemaps/pages.xml');
    expect(pages.body).toContain('<loc>https://shop.example/shop?category=furniture</loc>');
    // The shop's fixed pages are the gateway's to add (its route manifest), not the catalogue's.
    expect(pages.body).not.toContain('<loc>https://shop.example/about</loc>');
  });

  it('answer 404 for a sitemap the catalogue does not need', async () => {
    for (const path of ['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/products-x.xml', '/sitemaps/products-1.json']) {
      expect((await text(path)).status).toBe(404);
    }
  });
});
