import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { PASSWORD, signUp } from './support/shopper.ts';

// The shopper's side of the back office (issue #37 point 6): a shopper pays, the shop's staff mark
// the order packed and then shipped with a tracking number through the staff API, and the
// shopper's My Account shows it shipped, with its timeline and the carrier's tracking link.

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..');
// The suite's stack (playwright.config.ts): its Auth service listens at the port base + 199.
const authPort = Number(process.env.E2E_PORT_BASE ?? 4000) + 199;
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

async function authUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/app-config.json')).json()) as { firebase: { authEmulatorUrl: string } };
  return config.firebase.authEmulatorUrl.replace(/\/$/, '');
}

/** A staff member as the shop makes one: an account, the role granted by `npm run staff`, a fresh ID token carrying it. */
async function staffToken(request: APIRequestContext): Promise<string> {
  const email = unique('staff');
  const auth = `${await authUrl(request)}/identitytoolkit.googleapis.com/v1`;
  expect((await request.post(`${auth}/accounts:signUp?key=demo-api-key`, { data: { email, password: PASSWORD, returnSecureToken: true } })).ok()).toBe(true);
  const { FIREBASE_AUTH_EMULATOR_HOST: _elsewhere, GOOGLE_APPLICATION_CREDENTIALS: _project, ...env } = process.env;
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'mf-account/server/staff/cli.ts'), 'grant', email, '--role', 'staff'], {
    cwd: repoRoot,
    env: { ...env, AUTH_EMULATOR_PORT: String(authPort) },
  });
  expect(stdout).toContain(`granted staff to ${email}`);
  const signedIn = await request.post(`${auth}/accounts:signInWithPassword?key=demo-api-key`, { data: { email, password: PASSWORD, returnSecureToken: true } });
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

/** One staff action on the order, as the back office sends it (a fresh Idempotency-Key per action). */
async function move(request: APIRequestContext, token: string, orderId: string, action: 'pack' | 'ship', body: object = {}) {
  const response = await request.post(`/api/checkout/staff/orders/${orderId}/${action}`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a shopper sees the order packed, then shipped with the tracking link, in My Account', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = unique('timeline');
  await signUp(page, email, 'Nora');
  await putOneItemInCart(page, request);
  await page.goto('/checkout');
  const orderNumber = await payByCard(page, email);

  // Paid: the timeline's first step, in words.
  await page.goto('/my-account?tab=orders');
  const row = page
    .getByTestId('orders-table')
    .getByRole('row')
    .filter({ hasText: `#${orderNumber}` });
  await expect(row.getByTestId('order-status')).toHaveText('Paid');
  const timeline = row.getByRole('list', { name: `History of order #${orderNumber}` });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);

  const token = await staffToken(request);
  const found = await request.get(`/api/checkout/staff/orders?q=${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  const { orders } = (await found.json()) as { orders: Array<{ id: string; number: number }> };
  const orderId = orders.find((order) => order.number === orderNumber)?.id;
  expect(orderId).toBeTruthy();
  await move(request, token, orderId!, 'pack');
  await move(request, token, orderId!, 'ship', { carrier: 'dhl', trackingNumber: 'jd0123456789' });

  await page.reload();
  await expect(row.getByTestId('order-status')).toHaveText('Shipped');
  const steps = timeline.getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('Paid');
  await expect(steps.nth(1)).toContainText('Packed');
  await expect(steps.nth(2)).toContainText('Shipped');
  for (const step of await steps.all()) await expect(step.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  const tracking = steps.nth(2).getByRole('link', { name: 'DHL JD0123456789 (opens in a new tab)' });
  await expect(tracking).toHaveAttribute('href', 'https://www.dhl.com/en/express/tracking.html?AWB=JD0123456789');
  await expect(tracking).toHaveAttribute('target', '_blank');
  await expect(tracking).toHaveAttribute('rel', /noopener/);

  // In Russian: the status, the steps and the link's new-tab note.
  await page.getByRole('banner').getByRole('button', { name: 'RU', exact: true }).click();
  await expect(row.getByTestId('order-status')).toHaveText('Отправлен');
  await expect(
    row.getByRole('list', { name: `История заказа №${orderNumber}` }).getByRole('link', { name: 'DHL JD0123456789 (откроется в новой вкладке)' }),
  ).toBeVisible();

  // A phone's width (in Russian, the longer words): one card per order, nothing wider than the screen, no accessibility violation.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row.getByRole('link', { name: /^DHL JD0123456789/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const axe = await new AxeBuilder({ page }).include('main [data-remote="account"]').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});
