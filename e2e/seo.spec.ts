import { expect, test } from '@playwright/test';

// What a search engine finds first, through the gateway: robots.txt names the sitemap index, which
// the catalogue serves with every category and every product (50,000 to a file); the gateway adds
// the shop's fixed pages from the route manifest.

test("robots.txt, the sitemap index, the pages and the products, all on the shop's own address", async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const rules = await robots.text();
  expect(rules).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(rules).toContain('Disallow: /checkout\n');

  const index = await (await request.get('/sitemap.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(sitemaps).toEqual([`${baseURL}/sitemaps/pages.xml`, `${baseURL}/sitemaps/products-1.xml`]);

  const pages = await (await request.get('/sitemaps/pages.xml')).text();
  expect(pages).toContain(`<loc>${baseURL}/shop?category=furniture</loc>`);
  expect(pages).toContain(`<loc>${baseURL}/about</loc>`);

  const { total } = (await (await request.get('/api/catalog/products?limit=1')).json()) as { total: number };
  const products = await (await request.get('/sitemaps/products-1.xml')).text();
  const listed = [...products.matchAll(/<loc>[^<]+\/shop\/(\d+)<\/loc>/g)];
  expect(listed).toHaveLength(total);
  // Every address is a page the shop serves.
  const product = await request.get(new URL(listed[0]![0].replace(/<\/?loc>/g, '')).pathname);
  expect(product.status()).toBe(200);
  expect((await request.get('/sitemaps/products-2.xml')).status()).toBe(404);
});

test("a product's page tells search engines what it sells, at what price, and whether it is in stock", async ({ page, request, baseURL }) => {
  const product = (await (await request.get('/api/catalog/products/1')).json()) as { title: string; price: number; stock: number };
  const response = await page.goto('/shop/1');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${product.title} | Storefront`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/shop/1`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${product.title} | Storefront`);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { name: string; offers: Record<string, string> };
  expect(jsonLd.name).toBe(product.title);
  expect(jsonLd.offers).toMatchObject({
    price: product.price.toFixed(2),
    priceCurrency: 'USD',
    availability: `https://schema.org/${product.stock > 0 ? 'InStock' : 'OutOfStock'}`,
  });

  // Moving around the shop keeps the tab's title on the page shown.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveTitle('About | Storefront');
  expect((await page.request.get('/shop/999999999')).status()).toBe(404);
});
