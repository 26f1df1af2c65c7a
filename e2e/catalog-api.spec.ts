// The catalogue API as an app written against DummyJSON meets it: a small app on its own origin reads,
// searches, opens a product, sends a preflighted request and a delayed one, and cannot change the
// shop's state; and a catalogue administrator's writes change what /shop shows (SQLite and PostgreSQL).
import http from 'node:http';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { freePort } from '../tools/kit/processes';
import { baseURL } from './playwright.config';
import { startOwnCatalogue } from './support/catalogue';

/** The app: plain browser JavaScript against the API's base URL, as DummyJSON's examples are written. */
function appPage(api: string, shop: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other app</title></head><body>
<h1>Other app</h1>
<ul id="list" aria-label="Products"></ul>
<form id="search"><label>Search <input name="q"></label><button>Go</button></form>
<ul id="results" aria-label="Results"></ul>
<article id="product" aria-label="Product"></article>
<p id="custom">…</p><p id="delayed">…</p><p id="write">…</p>
<script>
const api = ${JSON.stringify(api)};
const shop = ${JSON.stringify(shop)};
const show = (list, products) => { list.replaceChildren(...products.map((p) => Object.assign(document.createElement('li'), { textContent: p.title + ' $' + p.price }))); };
fetch(api + '/products?limit=5').then((r) => r.json()).then((d) => show(document.getElementById('list'), d.products));
document.getElementById('search').addEventListener('submit', async (event) => {
  event.preventDefault();
  const q = new FormData(event.target).get('q');
  const d = await (await fetch(api + '/products/search?q=' + encodeURIComponent(q))).json();
  show(document.getElementById('results'), d.products);
  const first = await (await fetch(api + '/products/' + d.products[0].id)).json();
  document.getElementById('product').textContent = first.title + ' by ' + first.brand + ', ' + first.stock + ' in stock';
});
fetch(api + '/products/categories', { headers: { 'X-Client-Name': 'other-app' } })
  .then((r) => r.json()).then((d) => { document.getElementById('custom').textContent = d.length + ' categories with a custom header'; },
    (e) => { document.getElementById('custom').textContent = 'custom header blocked: ' + e.message; });
const delayed = document.getElementById('delayed');
delayed.textContent = 'Loading…';
const asked = performance.now();
fetch(api + '/products?limit=1&delay=300').then((r) => r.json()).then((d) => {
  delayed.textContent = 'Loaded ' + d.products[0].title;
  delayed.dataset.waitedMs = String(Math.round(performance.now() - asked));
});
window.attemptWrite = () => fetch(shop + '/save-stripe-token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  .then((r) => { document.getElementById('write').textContent = 'answered ' + r.status; }, () => { document.getElementById('write').textContent = 'write refused'; });
window.formWrite = () => fetch(shop + '/save-stripe-token', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' });
</script></body></html>`;
}

async function serveApp(html: string): Promise<{ origin: string; close(): void }> {
  const port = await freePort();
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://localhost:${port}`, close: () => server.close() };
}

test('an app on another origin reads, searches, opens a product, waits for a delay, and cannot change the shop', async ({ page }) => {
  const app = await serveApp(appPage(`${baseURL}/api/catalog`, baseURL));
  try {
    const refused: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/save-stripe-token') && response.request().method() === 'POST') refused.push(response.status());
    });
    await page.goto(app.origin);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.locator('#delayed')).toHaveText(/^Loaded /);
    expect(Number(await page.locator('#delayed').getAttribute('data-waited-ms'))).toBeGreaterThanOrEqual(300);
    await expect(page.locator('#custom')).toHaveText('6 categories with a custom header');

    await page.getByLabel('Search').fill('chair');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem').first()).toContainText(/chair/i);
    await expect(page.getByRole('article', { name: 'Product' })).toHaveText(/ by .+, \d+ in stock$/);

    // A JSON write needs a preflight, which the shop's own endpoints do not grant another origin.
    await page.evaluate(() => (window as unknown as { attemptWrite(): Promise<void> }).attemptWrite());
    await expect(page.locator('#write')).toHaveText('write refused');
    // A plain-text POST needs no preflight, so the browser sends it: the gateway refuses it itself.
    await page.evaluate(() => (window as unknown as { formWrite(): Promise<unknown> }).formWrite());
    await expect.poll(() => refused).toEqual([403]);
  } finally {
    app.close();
  }
});

test('a state-changing request carrying another origin is refused with 403, while the shop and servers pass', async ({ request }) => {
  const foreign = await request.post('/save-stripe-token', { headers: { origin: 'http://evil.example' }, data: {} });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).message).toMatch(/another site \(http:\/\/evil\.example\)/);
  const contact = await request.post('/api/contact', { headers: { origin: 'http://localhost:4173' }, data: {} });
  expect(contact.status()).toBe(403);
  // The shop's own pages and server-to-server calls (no Origin) reach the service, which judges the body.
  for (const headers of [{ origin: baseURL }, {}] as Record<string, string>[]) {
    const own = await request.post('/save-stripe-token', { headers, data: {} });
    expect(own.status()).toBe(400);
  }
});

const ADMIN_TOKEN = 'e2e-catalogue-admin-token';

/** What a shopper who opens `url` now sees (a new browser context: nothing cached from before). */
async function freshLook(browser: Browser, url: string, look: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await look(page);
  } finally {
    await context.close();
  }
}

for (const [backend, offset] of [
  ['sqlite', 560],
  ['postgres', 570],
] as const) {
  test(`catalogue writes with the admin token change what /shop shows, on ${backend}; without it they are refused`, async ({ browser, playwright }) => {
    test.setTimeout(120_000);
    const port = Number(process.env.E2E_PORT_BASE ?? 4000) + offset;
    const { shop, stop } = await startOwnCatalogue(backend, port, { catalogue: { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN } });
    const api = await playwright.request.newContext({ baseURL: `${shop.baseURL}/api/catalog/` });
    try {
      const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const anonymous = await api.post('products/add', { data: { title: 'Zephyrine Field Bag', category: 'bags', price: 64.5 } });
      expect(anonymous.status()).toBe(401);

      const added = await api.post('products/add', {
        headers: admin,
        data: { title: 'Zephyrine Field Bag', category: 'bags', price: 64.5, stock: 12, brand: 'Zephyrine Goods' },
      });
      expect(added.status()).toBe(201);
      const { id } = await added.json();
      await freshLook(browser, `${shop.baseURL}/shop?category=bags&sort=new-arrival`, async (page) => {
        await expect(page.getByRole('main').getByRole('link', { name: 'Zephyrine Field Bag' }).first()).toBeVisible();
      });
      await freshLook(browser, `${shop.baseURL}/shop?brand=Zephyrine%20Goods`, async (page) => {
        await expect(page.getByRole('main').getByText('Showing 1–1 of 1 results')).toBeVisible();
      });

      expect((await api.patch(`products/${id}`, { headers: admin, data: { title: 'Zephyrine Travel Bag', price: 59 } })).status()).toBe(200);
      await freshLook(browser, `${shop.baseURL}/shop/${id}`, async (page) => {
        await expect(page.getByRole('heading', { name: 'Zephyrine Travel Bag' })).toBeVisible();
        await expect(page.getByRole('main').getByText('$59.00').first()).toBeVisible();
      });

      expect((await api.delete(`products/${id}`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status()).toBe(403);
      expect((await api.delete(`products/${id}`, { headers: admin })).status()).toBe(200);
      await freshLook(browser, `${shop.baseURL}/shop/${id}`, async (page) => {
        await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
      });
    } finally {
      await api.dispose();
      await stop();
    }
  });
}
