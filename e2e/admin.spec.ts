import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { fillBilling, openCheckout, payByCard, products, putOneItemInCart } from './support/checkout.ts';
import { signUp } from './support/shopper.ts';

// The back office (mf-admin) through the gateway: a shopper pays, a staff member granted by the
// command finds the order and moves it on; a shopper opening /admin sees no staff screen, and no
// shopper's page loads anything of the back office.

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..');
// The suite's stack (playwright.config.ts): its Auth service listens at the port base + 199.
const authPort = Number(process.env.E2E_PORT_BASE ?? 4000) + 199;

/** The command as a shop's admin runs it on the embedded default: no other Auth service named. */
function withoutAuthHost(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FIREBASE_AUTH_EMULATOR_HOST: _elsewhere, GOOGLE_APPLICATION_CREDENTIALS: _project, ...rest } = env;
  return rest;
}

async function grant(email: string, role: 'staff' | 'admin') {
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'mf-account/server/staff/cli.ts'), 'grant', email, '--role', role], {
    cwd: repoRoot,
    env: { ...withoutAuthHost(process.env), AUTH_EMULATOR_PORT: String(authPort) },
  });
  expect(stdout).toContain(`granted ${role} to ${email}`);
}

const backOffice = (page: Page) => page.locator('main [data-remote="admin"]');
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

test('staff find a paid order within seconds and mark it packed, then shipped with a tracking number; a shopper gets no staff screen', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const shopperEmail = unique('buyer');
  await signUp(shopper, shopperEmail, 'Nora');
  await putOneItemInCart(shopper, request);
  await shopper.goto('/checkout');
  const orderNumber = await payByCard(shopper, shopperEmail);

  // A signed-in shopper: the helpful refusal, and not one staff request beyond the API's own 403s.
  const staffCalls: number[] = [];
  shopper.on('response', (response) => {
    if (response.url().includes('/api/checkout/staff/')) staffCalls.push(response.status());
  });
  await shopper.goto('/admin');
  await expect(backOffice(shopper).getByRole('heading', { name: 'You do not have access to the back office' })).toBeVisible();
  await expect(backOffice(shopper).getByRole('table')).toHaveCount(0);
  expect(staffCalls.filter((status) => status !== 403)).toEqual([]);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const staffEmail = unique('staff');
  await signUp(staff, staffEmail, 'Sam');
  await grant(staffEmail, 'staff');
  // Nothing the back office asks for is missing (each would be a 404 in the console).
  const missing: string[] = [];
  staff.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });

  const start = Date.now();
  await staff.goto('/admin');
  await expect(staff).toHaveURL(/\/admin\/orders$/);
  const office = backOffice(staff);
  // The breadcrumb names the screens, as the back office's own navigation does.
  const crumbs = staff.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs).toHaveText(['Home', 'Back office', 'Orders']);
  await office.getByLabel('Search').fill(String(orderNumber));
  await office.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/orders\\?q=${orderNumber}$`));
  const row = office.getByRole('row').filter({ hasText: `#${orderNumber}` });
  await expect(row).toContainText(shopperEmail);
  await expect(row).toContainText('Paid');
  expect(Date.now() - start).toBeLessThan(10_000);

  await row.getByRole('link', { name: `#${orderNumber}` }).click();
  await expect(office.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
  await expect(office.getByTestId('order-status')).toHaveText('Paid');
  // Staff without the admin role are offered no cancel or refund.
  await expect(office.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  await office.getByRole('button', { name: 'Mark packed' }).click();
  await expect(office.getByTestId('order-status')).toHaveText('Packed');
  await expect(office.getByText('Done: the order is now Packed.')).toBeVisible();

  await office.getByRole('button', { name: 'Mark shipped' }).click();
  // The form opens where the keyboard is: on its first field.
  await expect(office.getByLabel('Carrier')).toBeFocused();
  await office.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(office.getByText('Choose a carrier.')).toBeVisible();
  await expect(office.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
  await office.getByLabel('Carrier').selectOption({ label: 'DHL' });
  await office.getByLabel('Tracking number').fill('jd0123456789');
  await office.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(office.getByTestId('order-status')).toHaveText('Shipped');
  const timeline = office.getByRole('list').filter({ hasText: 'Shipped' });
  await expect(timeline.getByRole('link', { name: 'DHL JD0123456789' })).toBeVisible();
  await expect(timeline).toContainText(`by ${staffEmail}`);

  // Back in the list, filtered by status through the address.
  await staff.goto('/admin/orders?status=shipped');
  await expect(office.getByRole('row').filter({ hasText: `#${orderNumber}` })).toContainText('Shipped');
  for (const screen of ['Products', 'Figures']) {
    await office.getByRole('link', { name: screen, exact: true }).click();
    await expect(crumbs).toHaveText(['Home', 'Back office', screen]);
  }
  expect(missing).toEqual([]);

  await shopperContext.close();
  await staffContext.close();
});

test('an admin refunds one unit of a line after confirming, then cancels the order; a second click changes nothing', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const [lamp] = await products(request, 14);
  await openCheckout(page, [{ ...lamp!, qun: 2 }]);
  const shopperEmail = unique('refund');
  await fillBilling(page, shopperEmail);
  const orderNumber = await payByCard(page, shopperEmail);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminEmail = unique('admin');
  await signUp(admin, adminEmail, 'Ada');
  await grant(adminEmail, 'admin');
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  const office = backOffice(admin);
  await office.getByRole('link', { name: `#${orderNumber}` }).click();
  await expect(office.getByTestId('order-status')).toHaveText('Paid');

  const refunds: number[] = [];
  admin.on('response', (response) => {
    if (/\/api\/checkout\/staff\/orders\/[^/]+\/refunds$/.test(response.url())) refunds.push(response.status());
  });
  await office.getByRole('button', { name: 'Refund' }).click();
  await office.getByLabel('Chosen lines').check();
  await office.getByRole('button', { name: 'Refund' }).click();
  await expect(office.getByText('Choose at least one unit to refund.')).toBeVisible();
  await office.getByLabel(`Units of ${lamp!.title} to refund (up to 2)`).fill('1');
  await office.getByRole('button', { name: 'Refund' }).click();
  await expect(office.getByText(`Refund 1 unit(s) of order #${orderNumber} to the customer's card?`)).toBeVisible();
  // Nothing is sent before the confirmation; a double click on it sends one action under one key.
  expect(refunds).toEqual([]);
  await office.getByRole('button', { name: 'Confirm' }).dblclick();
  await expect(office.getByText('1 refunded')).toBeVisible();
  await expect(office.getByRole('row').filter({ hasText: lamp!.title })).toContainText('1 refunded');
  await expect(office.getByText('Partly refunded')).toBeVisible();
  expect(refunds.every((status) => status === 200)).toBe(true);
  await expect(office.getByRole('list').filter({ hasText: 'Refunded $' })).toHaveCount(1);
  await expect(office.getByRole('listitem').filter({ hasText: /^Refunded \$/ })).toHaveCount(1);

  await office.getByRole('button', { name: 'Cancel order' }).click();
  await expect(office.getByText(`Cancel order #${orderNumber}? The payment is refunded in full and the stock goes back on sale.`)).toBeFocused();
  await office.getByRole('button', { name: 'Confirm' }).click();
  await expect(office.getByTestId('order-status')).toHaveText(/Cancelled|Refunded/);
  await expect(office.getByText('Nothing can be done with an order in this state.')).toBeVisible();
  await adminContext.close();
});

test("a shopper's page loads nothing of the back office, and a signed-out visitor is sent to sign in", async ({ page }) => {
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/(remotes|releases)\/admin\//.test(new URL(request.url()).pathname)) adminRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.locator('main [data-remote="catalog"]').first()).toBeVisible();
  await page.goto('/shop');
  await page.waitForLoadState('networkidle');
  expect(adminRequests).toEqual([]);

  await page.goto('/admin/orders?status=paid');
  await expect(backOffice(page).getByText('Sign in with your staff account to use the back office.')).toBeVisible();
  expect(adminRequests.length).toBeGreaterThan(0);
  await backOffice(page).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Forders%3Fstatus%3Dpaid$/);
});
