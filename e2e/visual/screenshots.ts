/**
 * Screenshots of every route at the widths we support, for a person to look at:
 *   npm run screenshots [-- http://localhost:3000]
 * Needs a running storefront (npm start). Writes .cache/screenshots/<width>/<route>.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const widths = (process.env.WIDTHS ?? '375,768,1280,1920').split(',').map(Number);
const routes = [
  '/',
  '/shop',
  '/shop/1',
  '/search?q=chair',
  '/cart-list',
  '/checkout',
  '/login',
  '/sign-up',
  '/my-account',
  '/contact',
  '/about',
  '/journal',
  '/no-such-page',
];
// Outside test-results/, which every Playwright run empties.
const out = path.resolve(import.meta.dirname, '..', '..', '.cache', 'screenshots');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const width of widths) {
    mkdirSync(path.join(out, String(width)), { recursive: true });
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.addInitScript(() => {
      // A cart with two products, so the cart and checkout screens show something.
      if (!localStorage.getItem('cart')) localStorage.setItem('cart', '[]');
    });
    const products = (await (await fetch(`${base}/api/catalog/products?limit=2`)).json()) as { products: unknown[] };
    await page.goto(base);
    await page.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items.map((item) => ({ ...(item as object), qun: 1 })))), products.products);
    for (const route of routes) {
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      const name = route === '/' ? 'home' : route.replace(/[/?=]+/g, '_').replace(/^_/, '');
      await page.screenshot({ path: path.join(out, String(width), `${name}.png`), fullPage: true });
    }
    await page.close();
    console.log(`[screenshots] ${width}px: ${routes.length} routes`);
  }
} finally {
  await browser.close();
}
console.log(`[screenshots] written to ${out}`);
