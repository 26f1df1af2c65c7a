import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startExtraStack, type ExtraStack } from './support/stack.ts';

// One crashed process costs the shop that part for seconds, not everything: `npm start` restarts it,
// the rest keeps serving, and the shopper's retry works once it is back.
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 600;

test.describe.configure({ mode: 'serial' });

let stack: ExtraStack;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-healing-'));
  // A longer first restart delay than the default 0.5 s, so the test sees the shop while the service is down.
  stack = await startExtraStack(portBase, dataDir, { RESTART_DELAY_MS: '4000' });
});

test.afterAll(async () => {
  await stack?.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test('kill -9 of the catalogue: other pages, the cart and checkout keep working; the listing\'s retry works once it is back', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: stack.baseURL });
  const page = await context.newPage();
  await page.goto('/shop');
  const shop = page.locator('main [data-remote="catalog"]');
  await expect(shop.getByRole('article').first()).toBeVisible();

  const pid = stack.pid('catalog');
  process.kill(pid, 'SIGKILL');

  await page.goto('/shop?category=furniture');
  await expect(shop.getByText('The products could not be loaded')).toBeVisible();
  const retry = shop.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // Everything that does not need the catalogue is served meanwhile.
  const other = await context.newPage();
  await other.goto('/cart-list');
  await expect(other.locator('main [data-remote="cart"]')).toBeVisible();
  await other.goto('/contact');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await context.request.get('/api/checkout/orders')).status()).toBe(401);

  await stack.back('catalog', pid);
  await retry.click();
  await expect(shop.getByRole('article').first()).toBeVisible();
  await context.close();
});

test('kill -9 of the checkout service: the catalogue keeps answering, and checkout answers again once it is back', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: stack.baseURL });
  const pid = stack.pid('checkout');
  process.kill(pid, 'SIGKILL');
  const down = await context.request.get('/api/checkout/orders');
  expect(down.status()).toBe(503);
  expect(await down.json()).toEqual({ message: 'Checkout is not answering right now; please try again in a moment' });
  expect((await context.request.get('/api/catalog/products?limit=1')).status()).toBe(200);
  const readiness = await (await context.request.get('/readyz')).json();
  expect(readiness).toMatchObject({ status: 'degraded', upstreams: { checkout: { status: 'unavailable' }, catalog: { status: 'ready' } } });

  await stack.back('checkout', pid);
  expect((await context.request.get('/api/checkout/orders')).status()).toBe(401);
  expect(await (await context.request.get('/readyz')).json()).toMatchObject({ status: 'ready' });
  await context.close();
});
