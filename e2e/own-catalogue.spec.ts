// A shop's team brings its own catalogue: 200 products in 25 categories the seed never had, imported
// into a running shop (a JSON file on SQLite; a DummyJSON-compatible URL and then a CSV on
// PostgreSQL), pictures on the shop's own CDN (another origin, allowed by IMAGE_ORIGINS). The shop
// lists the categories with their counts, filters by them and opens their products; a picture the
// CDN lost shows the shop's tile, and the page breaks no Content-Security-Policy rule.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { BROKEN_RECORDS, OWN_CATEGORIES, OWN_CATEGORY_SLUGS, ownCatalogue, toCsv } from '../mf-catalog/server/testing/ownCatalogue';
import { categoryName } from '../mf-catalog/server/products/model';
import { runNode } from '../tools/kit/processes';
import { startOwnCatalogue } from './support/catalogue';

const repoRoot = path.resolve(__dirname, '..');
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000);

/** The shop's CDN: a picture for every path, except the ones it lost. */
async function startCdn(port: number): Promise<{ origin: string; close(): void }> {
  const server = http.createServer((request, response) => {
    if (request.url!.includes('/lost/')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
    response.end('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#3a6fb0"/></svg>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** A DummyJSON-compatible API serving `products`, at most 50 a page. */
async function startSourceApi(port: number, products: readonly unknown[]): Promise<{ url: string; close(): void }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://x');
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 30) || 30, 50);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ products: products.slice(skip, skip + limit), total: products.length, skip, limit }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/products`, close: () => server.close() };
}

async function catalogImport(storage: Record<string, string>, env: Record<string, string>, ...args: string[]): Promise<string> {
  const cli = runNode(path.join(repoRoot, 'mf-catalog/server/cli/import.ts'), { args, cwd: repoRoot, env: { ...storage, ...env } });
  const code = await cli.exited;
  if (code !== 0) throw new Error(`catalog:import exited with ${code}:\n${cli.tail()}`);
  return cli.stdout();
}

for (const [backend, offset] of [
  ['sqlite', 580],
  ['postgres', 590],
] as const) {
  test(`a shop's own catalogue imported into the running shop on ${backend}: categories with counts, filters, product pages, pictures from its CDN`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const cdn = await startCdn(portBase + offset + 1);
    const products = ownCatalogue(200, { imageOrigin: cdn.origin });
    // One product whose picture the CDN lost: the shop shows its own tile, not a broken image.
    products[6] = { ...products[6]!, thumbnail: `${cdn.origin}/lost/7.svg`, images: [`${cdn.origin}/lost/7.svg`] };
    const { shop, storage, stop } = await startOwnCatalogue(backend, portBase + offset, { gateway: { IMAGE_ORIGINS: cdn.origin } });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-own-catalogue-files-'));
    const importEnv = { IMAGE_ORIGINS: cdn.origin };
    try {
      if (backend === 'sqlite') {
        writeFileSync(path.join(dir, 'products.json'), JSON.stringify({ products: [...products, ...BROKEN_RECORDS], total: 204, skip: 0, limit: 204 }));
        const out = await catalogImport(storage, importEnv, path.join(dir, 'products.json'), '--replace');
        expect(out).toMatch(/imported 200 of 204 products \(4 rejected, listed above\) into sqlite .*catalog\.db; \d+ products not in the source removed/);
      } else {
        const source = await startSourceApi(portBase + offset + 2, products);
        try {
          expect(await catalogImport(storage, importEnv, '--from-url', source.url, '--replace')).toMatch(/imported 200 of 200 products into postgres/);
        } finally {
          source.close();
        }
        // The same products again as CSV: nothing changes but what the file says.
        writeFileSync(path.join(dir, 'products.csv'), toCsv(products));
        expect(await catalogImport(storage, importEnv, path.join(dir, 'products.csv'))).toMatch(/imported 200 of 200 products/);
      }

      const context = await browser.newContext();
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      });
      // The running shop shows the new catalogue without a restart (it hears of the import within a second).
      await expect(async () => {
        await page.goto(`${shop.baseURL}/shop`);
        const filters = page.getByRole('complementary', { name: 'Product filters' });
        await expect(filters.getByRole('link', { name: /^Garden And Patio/ })).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      const filters = page.getByRole('complementary', { name: 'Product filters' });
      const categoryLinks = filters.getByRole('region', { name: 'Shop by Category' }).getByRole('link');
      // By slug, as the catalogue lists them, each with its count (eight products each here).
      const names = [...OWN_CATEGORY_SLUGS].sort().map(categoryName);
      await expect(categoryLinks).toHaveText([/^All/, ...names.map((name) => new RegExp(`^${name}\\s*8$`))]);

      // Filter by one category: its eight products, each of which opens.
      await filters.getByRole('link', { name: /^Garden And Patio/ }).click();
      await expect(page).toHaveURL(/\/shop\?category=garden-and-patio$/);
      await expect(page.getByRole('main').getByText('Showing 1–6 of 8 results')).toBeVisible();
      const titles = products.filter((product) => product.category === 'Garden & Patio').map((product) => product.title);
      expect(titles).toHaveLength(8);
      for (const title of titles) {
        await page.goto(`${shop.baseURL}/shop?category=garden-and-patio&perPage=12`);
        // Once the page is live (shell/src/app/liveMark.ts): a click during hydration was lost once
        // in CI at load average 11 (the URL never changed; not reproduced in 64 clicks at 0-1.2 s
        // after load with the CPU throttled 6x). This test is about the imported catalogue.
        await page.waitForFunction(() => performance.getEntriesByName('storefront:live').length > 0);
        await page.getByRole('main').getByRole('link', { name: title }).first().click();
        // The listing's cards carry the title as a heading too: wait for the product's own page.
        await expect(page).toHaveURL(/\/shop\/\d+$/);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const picture = page.getByRole('img', { name: new RegExp(`^${title}`) }).first();
        await expect(picture).toHaveJSProperty('naturalWidth', 400);
        await expect(picture).toHaveAttribute('src', new RegExp(`^${cdn.origin}/`));
      }

      // Every product of the catalogue answers through the shop's API.
      const listed = (await (await fetch(`${shop.baseURL}/api/catalog/products?limit=0&select=id`)).json()) as { total: number };
      expect(listed.total).toBe(200);
      const statuses = await Promise.all(
        products.map((product) => fetch(`${shop.baseURL}/api/catalog/products/${product.id}`).then((response) => response.status)),
      );
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      // The product whose picture the CDN lost shows the shop's tile.
      await page.goto(`${shop.baseURL}/shop/7`);
      await expect(page.getByRole('heading', { name: products[6]!.title })).toBeVisible();
      await expect(page.locator('main [data-image-missing]').first()).toBeVisible();

      // The header's menu offers the catalogue's categories (none of them is one of the spec's six).
      await page.getByRole('button', { name: 'Shop by Category' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: OWN_CATEGORIES[0] })).toBeVisible();
      expect(violations).toEqual([]);
      await context.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      cdn.close();
      await stop();
    }
  });
}
