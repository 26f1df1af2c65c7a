import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
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

test("kill -9 of the catalogue: other pages, the cart and checkout keep working; the listing's retry works once it is back", async ({ browser }) => {
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

test("kill -9 of the checkout service between the card's confirmation and the webhook: the retried webhook makes the order paid, once", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: stack.baseURL });
  const { request } = context;
  const email = 'killed-mid-payment@example.com';
  const billing = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'United Kingdom',
    street: '12 St James Square',
    city: 'London',
    postCode: 'SW1Y 4JH',
    phone: '+44 20 7946 0000',
    email,
  };
  const { products } = (await (await request.get('/api/catalog/products?limit=30&select=stock')).json()) as { products: { id: number; stock: number }[] };
  const product = products.find((candidate) => candidate.stock >= 5)!;
  const started = await request.post('/api/checkout/payment-intents', {
    data: { email, lines: [{ id: product.id, qun: 1 }], billing, idempotencyKey: randomUUID() },
  });
  expect(started.status()).toBe(201);
  const { orderId, clientSecret } = (await started.json()) as { orderId: string; clientSecret: string };
  const intentId = clientSecret.split('_secret_')[0];

  const pid = stack.pid('checkout');
  process.kill(pid, 'SIGKILL');
  // The page confirms the card with Stripe while the checkout service is down: the money moves, the
  // webhook finds nobody (503 from the gateway) and Stripe retries it.
  const confirmed = await request.post(`/local-stripe/v1/payment_intents/${intentId}/confirm`, {
    headers: { authorization: 'Bearer pk_test_local', 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: clientSecret }).toString(),
  });
  expect(await confirmed.json()).toMatchObject({ status: 'succeeded' });
  await stack.back('checkout', pid);

  // Read where the service keeps its orders: nobody asked it about this order but the webhook.
  const orders = new DatabaseSync(path.join(dataDir, 'orders.db'), { readOnly: true });
  try {
    const order = () => orders.prepare('SELECT status, payment_id AS paymentId, stock_settled AS stockSettled FROM orders WHERE id = ?').get(orderId);
    await expect.poll(order, { timeout: 40_000 }).toMatchObject({ status: 'paid', paymentId: intentId, stockSettled: 1 });
    expect(orders.prepare('SELECT count(*) AS n FROM orders WHERE email = ?').get(email)).toEqual({ n: 1 });
  } finally {
    orders.close();
  }
  const intent = await request.get(`/local-stripe/v1/payment_intents/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`, {
    headers: { authorization: 'Bearer pk_test_local' },
  });
  expect(await intent.json()).toMatchObject({ status: 'succeeded', amount_received: expect.any(Number) });
  await context.close();
});
