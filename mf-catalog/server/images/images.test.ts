import { startTestServer, type TestServer } from '../testing/harness.ts';
import { DRAWING_NAMES } from './drawings.ts';
import { parseProductImage, productImagePath } from './paths.ts';
import { productImageSvg } from './productImage.ts';

describe('images', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer('sqlite', { SEED_PRODUCTS: '24' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('serves every image a product lists as cacheable SVG', async () => {
    const { body } = await t.get('/products?limit=0&select=images,thumbnail');
    for (const product of body.products) {
      expect(product.images).toContain(product.thumbnail);
      for (const url of product.images) {
        expect(url.startsWith('/api/catalog/')).toBe(true);
        const response = await fetch(t.url + url.slice('/api/catalog'.length));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/svg+xml');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);
      }
    }
  });

  it('serves six text-free banners and 404s anything else', async () => {
    for (let n = 1; n <= 6; n++) {
      const response = await fetch(`${t.url}/images/banners/${n}.svg`);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      const svg = await response.text();
      expect(svg).not.toMatch(/<text/);
      expect(svg).toMatch(/viewBox="0 0 (1600 600|800 450)"/);
    }
    for (const path of [
      '/images/banners/7.svg',
      '/images/banners/x.svg',
      '/images/products/1/chair-plaid-1.svg',
      '/images/products/1/rocket-red-1.svg',
      '/images/products/1/chair-red-9.svg',
      '/images/products/0/chair-red-1.svg',
      '/images/nope',
    ]) {
      const response = await t.get(path);
      expect(response.status).toBe(404);
      expect(typeof response.body.message).toBe('string');
    }
  });

  it('draws the same picture for the same path, and different shots per variant', () => {
    const key = { id: 12, drawing: 'sofa' as const, color: 'green' as const };
    const shots = [1, 2, 3, 4].map((variant) => productImageSvg({ ...key, variant }));
    expect(new Set(shots).size).toBe(4);
    expect(productImageSvg({ ...key, variant: 2 })).toBe(shots[1]);
    expect(shots[0]).toContain('#4a8b5c');
  });

  it('round-trips every drawing through its path', () => {
    for (const drawing of DRAWING_NAMES) {
      const file = productImagePath(5, drawing, 'beige', 3).split('/').pop()!;
      expect(parseProductImage('5', file)).toEqual({ id: 5, drawing, color: 'beige', variant: 3 });
    }
  });
});
