import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerSitemapPages, sitemapPaths, withShopPages } from './sitemapPages.ts';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const categoryListings = (urls: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;

describe("the sitemap of the shop's pages", () => {
  it("lists the route manifest's fixed public pages first, then the catalogue's categories", () => {
    expect(sitemapPaths).toEqual(['/', '/shop', '/search', '/about', '/contact', '/journal']);
    const categories = categoryListings(['<url><loc>https://shop.example/shop?category=bags</loc></url>']);
    expect(withShopPages(categories, 'https://shop.example')).toBe(
      categoryListings([
        ...['/', '/shop', '/search', '/about', '/contact', '/journal'].map((path) => `<url><loc>https://shop.example${path}</loc></url>`),
        '<url><loc>https://shop.example/shop?category=bags</loc></url>',
      ]),
    );
    expect(() => withShopPages('<html></html>', 'https://shop.example')).toThrow('without a <urlset>');
  });

  describe('served by the gateway', () => {
    let catalogue: Server;
    let catalogueAnswers: { status: number; body: string };
    let gateway: FastifyInstance;
    let base: string;

    beforeAll(async () => {
      catalogue = createServer((request, response) => {
        response.writeHead(request.url === '/sitemaps/pages.xml' ? catalogueAnswers.status : 404, {
          'content-type': 'application/xml',
          'cache-control': 'public, max-age=3600',
        });
        response.end(catalogueAnswers.body);
      });
      await new Promise<void>((resolve) => catalogue.listen(0, '127.0.0.1', resolve));
      gateway = Fastify();
      registerSitemapPages(gateway, { catalogUrl: `http://127.0.0.1:${(catalogue.address() as AddressInfo).port}`, siteUrl: 'https://shop.example' });
      base = await gateway.listen({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      await gateway?.close();
      await new Promise((resolve) => catalogue?.close(resolve));
    });

    it("answers the catalogue's categories with the shop's pages, cacheable as the catalogue says", async () => {
      catalogueAnswers = { status: 200, body: categoryListings(['<url><loc>https://shop.example/shop?category=furniture</loc></url>']) };
      const response = await fetch(`${base}/sitemaps/pages.xml`);
      expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([
        200,
        'application/xml; charset=utf-8',
        'public, max-age=3600',
      ]);
      const body = await response.text();
      expect(body).toContain('<loc>https://shop.example/about</loc>');
      expect(body).toContain('<loc>https://shop.example/shop?category=furniture</loc>');
      expect(body).not.toContain('/checkout');
    });

    it('says the catalogue is not answering when it fails', async () => {
      catalogueAnswers = { status: 500, body: 'boom' };
      const response = await fetch(`${base}/sitemaps/pages.xml`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'The catalogue is not answering right now; please try again in a moment' });
    });
  });
});
