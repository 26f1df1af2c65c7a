import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { PASSWORD, signUp } from './support/shopper.ts';

// The back office's figures (mf-admin/src/figures, issue #38 point 6) through the gateway, on a
// tablet: a staff member sees today's order count and the current hour's bar grow after a shopper
// paid, and the chart's table of numbers (opened from the keyboard) holds the count; a
// shopper's token gets 403 from the figures endpoint.

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..');
// The suite's stack (playwright.config.ts): its Auth service listens at the port base + 199.
const authPort = Number(process.env.E2E_PORT_BASE ?? 4000) + 199;
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const backOffice = (page: Page) => page.locator('main [data-remote="admin"]');

async function grant(email: string) {
  const { FIREBASE_AUTH_EMULATOR_HOST: _elsewhere, GOOGLE_APPLICATION_CREDENTIALS: _project, ...env } = process.env;
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'mf-account/server/staff/cli.ts'), 'grant', email, '--role', 'staff'], {
    cwd: repoRoot,
    env: { ...env, AUTH_EMULATOR_PORT: String(authPort) },
  });
  expect(stdout).toContain(`granted staff to ${email}`);
}

/** An ID token of a shopper (no role), signed up through the Auth emulator's REST API. */
async function shopperToken(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/app-config.json')).json()) as { firebase: { authEmulatorUrl: string } };
  const auth = `${config.firebase.authEmulatorUrl.replace(/\/$/, '')}/identitytoolkit.googleapis.com/v1`;
  const signedUp = await request.post(`${auth}/accounts:signUp?key=demo-api-key`, {
    data: { email: unique('shopper'), password: PASSWORD, returnSecureToken: true },
  });
  expect(signedUp.ok()).toBe(true);
  return ((await signedUp.json()) as { idToken: string }).idToken;
}

/** The orders chart's current hour and its count, from the last bar's title (readable whether or not its table is open). */
async function currentHour(office: Locator): Promise<{ hour: string; orders: number }> {
  const bars = office.getByRole('figure', { name: /^Orders per hour/ }).locator('svg rect');
  await expect(bars).toHaveCount(24);
  const [, hour = '', orders = ''] = /^(.*): (\d+)$/.exec((await bars.last().locator('title').textContent()) ?? '') ?? [];
  return { hour, orders: Number(orders) };
}

test("staff see the order a shopper just paid in today's count and in the current hour; a shopper gets 403 from the figures", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await shopperToken(request);
  expect((await request.get('/api/checkout/staff/figures?hours=24', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
  expect((await request.get('/api/checkout/staff/figures?hours=24')).status()).toBe(401);

  const staff = await (await browser.newContext({ viewport: { width: 820, height: 1180 } })).newPage();
  const staffEmail = unique('figures-staff');
  await signUp(staff, staffEmail, 'Fay');
  await grant(staffEmail);
  await staff.goto('/admin');
  const office = backOffice(staff);
  await office.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Figures' }).click();
  await expect(staff).toHaveURL(/\/admin\/figures$/);
  await expect(office.getByRole('heading', { level: 1, name: 'Figures' })).toBeVisible();
  const today = office.getByTestId('orders-today');
  await expect(today).toHaveText(/^\d+$/);
  const before = Number(await today.textContent());
  // Loaded (the count is there): a quiet day shows a notice instead of the charts.
  const beforeHour = (await office.getByRole('figure', { name: /^Orders per hour/ }).count()) > 0 ? await currentHour(office) : { hour: '', orders: 0 };

  const shopper = await (await browser.newContext()).newPage();
  const shopperEmail = unique('figures-buyer');
  await signUp(shopper, shopperEmail, 'Noa');
  await putOneItemInCart(shopper, request);
  await shopper.goto('/checkout');
  await payByCard(shopper, shopperEmail);

  // Other tests of the suite may pay orders meanwhile (it runs in parallel): at least this one more.
  await office.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(async () => Number(await today.textContent())).toBeGreaterThanOrEqual(before + 1);
  const orders = office.getByRole('figure', { name: /^Orders per hour/ });
  await expect(orders.locator('svg rect')).toHaveCount(24);
  expect(await orders.locator('svg rect').last().getAttribute('height')).not.toBe('0');

  // The text alternative, reached from the keyboard: the current hour's row holds the new count.
  const disclosure = orders.getByText('Show the numbers');
  await disclosure.focus();
  await staff.keyboard.press('Enter');
  await expect(orders.getByRole('table')).toBeVisible();
  const after = await currentHour(office);
  expect(after.orders).toBeGreaterThanOrEqual(after.hour === beforeHour.hour ? beforeHour.orders + 1 : 1);
  // The text alternative says what the drawing says.
  const lastRow = orders.getByRole('table').getByRole('row').last();
  await expect(lastRow.getByRole('rowheader')).toHaveText(after.hour);
  await expect(lastRow.getByRole('cell')).toHaveText(String(after.orders));

  // A tablet's width holds the page without sideways scrolling.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await shopper.context().close();
  await staff.context().close();
});

test("staff see an empty search counted and a page view's vitals in the route's row; both figures refuse a shopper (403) and a visitor (401)", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await shopperToken(request);
  for (const url of ['/api/catalog/products/figures/search', '/api/figures/vitals']) {
    expect((await request.get(url, { headers: { authorization: `Bearer ${token}` } })).status(), url).toBe(403);
    expect((await request.get(url)).status(), url).toBe(401);
  }

  // A search for nonsense (new words each run, so no cache answers it) finds nothing.
  const nonsense = `zqxv${Date.now().toString(36)}`;
  const found = await request.get(`/api/catalog/products/search?q=${nonsense}`);
  expect(((await found.json()) as { total: number }).total).toBe(0);
  // A page view whose vitals go out when the shopper leaves it (see web-vitals.spec.ts).
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/');
  await expect(shopper.locator('html')).toHaveAttribute('data-vitals', 'on', { timeout: 15_000 });
  await shopper.goto('/shop/3');

  const staff = await (await browser.newContext({ viewport: { width: 820, height: 1180 } })).newPage();
  const staffEmail = unique('figures-staff');
  await signUp(staff, staffEmail, 'Fay');
  await grant(staffEmail);
  await staff.goto('/admin/figures');
  const office = backOffice(staff);
  await expect(office.getByRole('heading', { level: 1, name: 'Figures' })).toBeVisible();
  await expect.poll(async () => Number(await office.getByTestId('empty-searches').textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const home = office
    .getByTestId('vitals')
    .getByRole('row')
    .filter({ has: staff.getByRole('rowheader', { name: '/', exact: true }) });
  await expect
    .poll(
      async () => {
        await office.getByRole('button', { name: 'Refresh' }).click();
        await expect(office.getByTestId('empty-searches')).toBeVisible();
        return home.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(home.getByRole('cell').first()).toHaveText(/^[1-9]\d*$/);
  await expect(office.getByText(/Grafana keeps the history/)).toBeVisible();

  await shopper.context().close();
  await staff.context().close();
});
