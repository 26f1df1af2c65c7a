import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { api, catalogMain, type ApiProduct } from './catalog-support.ts';
import { PASSWORD, signUp } from './support/shopper.ts';

// The back office's catalogue screens (mf-admin, issue #37 point 4) through the gateway: a staff
// member creates a product the shop's search then finds, changes its price in place and the shop's
// product page shows it, changes its stock; imports a small file with one bad record and watches it
// reach 100 % with the bad record listed; a shopper's token gets 403 from the import endpoint.

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..');
// The suite's stack (playwright.config.ts): its Auth service listens at the port base + 199.
const authPort = Number(process.env.E2E_PORT_BASE ?? 4000) + 199;
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
/** A word nobody else's product has, so the shop's search finds exactly the one made here. */
const word = () => `Zq${Math.random().toString(36).slice(2, 8)}`;

async function grant(email: string) {
  const { FIREBASE_AUTH_EMULATOR_HOST: _elsewhere, GOOGLE_APPLICATION_CREDENTIALS: _project, ...env } = process.env;
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'mf-account/server/staff/cli.ts'), 'grant', email, '--role', 'staff'], {
    cwd: repoRoot,
    env: { ...env, AUTH_EMULATOR_PORT: String(authPort) },
  });
  expect(stdout).toContain(`granted staff to ${email}`);
}

/** A staff member signed in on a page of their own. */
async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = unique('merchandiser');
  await signUp(page, email, 'Mia');
  await grant(email);
  return page;
}

const backOffice = (page: Page) => page.locator('main [data-remote="admin"]');

/**
 * The category and picture of a seeded product, for the products made here: the suite's other tests
 * share this catalogue (its category count, the pictures on the home page), so nothing made here may
 * add a category or point at a picture that does not exist.
 */
async function seededLook(request: APIRequestContext): Promise<{ category: string; thumbnail: string }> {
  const { category, thumbnail } = await api<ApiProduct>(request, '/products/1');
  return { category: String(category), thumbnail: String(thumbnail) };
}

test('staff create a product the shop then finds, change its price in place and the shop shows it, then change its stock', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staff = await staffPage(browser);
  const office = backOffice(staff);
  const name = `${word()} Walnut Tray`;

  await staff.goto('/admin/products');
  await expect(office.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Products' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await office.getByRole('link', { name: 'New product' }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  // Checked beside each field before anything is sent.
  await office.getByLabel('Price ($)').fill('12.345');
  await office.getByRole('button', { name: 'Create product' }).click();
  await expect(office.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(office.getByText('At most two decimals.')).toBeVisible();
  await office.getByLabel('Title').fill(name);
  await office.getByLabel('Category').fill((await seededLook(request)).category);
  await office.getByLabel('Price ($)').fill('40');
  await office.getByLabel('Stock').fill('6');
  await office.getByRole('button', { name: 'Create product' }).click();
  await expect(office.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(office.getByText(`Created: ${name}`)).toBeVisible();
  const id = Number(/\/admin\/products\/(\d+)$/.exec(staff.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  // The shop's own search finds it at once.
  const shopper = await browser.newPage();
  await shopper.goto(`/search?q=${encodeURIComponent(name.split(' ')[0]!)}`);
  await expect(catalogMain(shopper).getByRole('link', { name }).first()).toBeVisible();

  // The price, changed in the list: Enter saves; the shop's product page shows the new price.
  await staff.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const row = office.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: new RegExp(`change the price of ${name}$`) }).click();
  const price = row.getByRole('textbox', { name: `Price of ${name}` });
  await expect(price).toBeFocused();
  await expect(price).toHaveValue('40.00');
  await price.fill('123.45');
  await price.press('Enter');
  await expect(row.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(row.getByRole('button', { name: new RegExp(`change the price of ${name}$`) })).toHaveText('$123.45');
  await shopper.goto(`/shop/${id}`);
  await expect(catalogMain(shopper).getByText('$123.45').first()).toBeVisible();

  // Escape leaves the stock as it was; Enter changes it.
  await row.getByRole('button', { name: new RegExp(`change the stock of ${name}$`) }).click();
  await row.getByRole('textbox', { name: `Stock of ${name}` }).fill('999');
  await row.getByRole('textbox', { name: `Stock of ${name}` }).press('Escape');
  await expect(row.getByRole('button', { name: new RegExp(`change the stock of ${name}$`) })).toHaveText('6');
  await row.getByRole('button', { name: new RegExp(`change the stock of ${name}$`) }).click();
  await row.getByRole('textbox', { name: `Stock of ${name}` }).fill('17');
  await row.getByRole('textbox', { name: `Stock of ${name}` }).press('Enter');
  await expect(row.getByRole('button', { name: new RegExp(`change the stock of ${name}$`) })).toHaveText('17');
  expect(await api<ApiProduct>(request, `/products/${id}`)).toMatchObject({ price: 123.45, stock: 17 });

  await shopper.close();
  await staff.context().close();
});

/** An ID token of a shopper (no role), signed in through the Auth emulator's REST API. */
async function shopperToken(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/app-config.json')).json()) as { firebase: { authEmulatorUrl: string } };
  const auth = `${config.firebase.authEmulatorUrl.replace(/\/$/, '')}/identitytoolkit.googleapis.com/v1`;
  const signedUp = await request.post(`${auth}/accounts:signUp?key=demo-api-key`, {
    data: { email: unique('shopper'), password: PASSWORD, returnSecureToken: true },
  });
  expect(signedUp.ok()).toBe(true);
  return ((await signedUp.json()) as { idToken: string }).idToken;
}

test('staff import a small file: progress reaches 100 % and the bad record is listed; a shopper gets 403 from the import endpoint', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await shopperToken(request);
  const refused = await request.post('/api/catalog/products/imports', {
    headers: { authorization: `Bearer ${token}` },
    data: { url: 'https://dummyjson.com/products' },
  });
  expect(refused.status()).toBe(403);
  expect((await request.post('/api/catalog/products/imports', { data: [] })).status()).toBe(401);

  const staff = await staffPage(browser);
  const office = backOffice(staff);
  const tag = word();
  const base = 900_000 + Math.floor(Math.random() * 90_000);
  const look = await seededLook(request);
  const file = [
    { id: base, title: `${tag} Linen Cushion`, category: look.category, price: 18, stock: 9, thumbnail: look.thumbnail },
    { id: base + 1, title: `${tag} Broken Record`, category: look.category, price: -4, thumbnail: 'x.png' },
    { id: base + 2, title: `${tag} Clay Vase`, category: look.category, price: 26.5, stock: 3, thumbnail: look.thumbnail },
  ];
  await staff.goto('/admin/products/import');
  await expect(office.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await office
    .getByLabel('File')
    .setInputFiles({ name: 'products.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ products: file })) });
  await office.getByRole('group', { name: 'From a file' }).getByRole('button', { name: 'Import' }).click();
  const bar = office.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(office.getByText('Done: 2 of 3 records imported.')).toBeVisible();
  const refusedRows = office
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: String(base + 1) });
  await expect(refusedRows).toHaveCount(1);
  await expect(refusedRows).toContainText('#2');
  await expect(refusedRows).toContainText('price');
  expect(await api<ApiProduct>(request, `/products/${base + 2}`)).toMatchObject({ title: `${tag} Clay Vase`, price: 26.5, stock: 3 });
  expect((await request.get(`/api/catalog/products/${base + 1}`)).status()).toBe(404);

  await staff.context().close();
});

test('on a tablet, in Russian: the list, its empty search, the form and the import page fit the screen and have no accessibility violation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await staffPage(browser);
  const office = backOffice(staff);
  await staff.setViewportSize({ width: 768, height: 1024 });
  await staff.goto('/admin/products');
  await staff.getByRole('banner').getByRole('button', { name: 'RU', exact: true }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'Товары' })).toBeVisible();
  await expect(office.getByRole('columnheader', { name: 'Остаток' })).toBeVisible();
  // The keyboard reaches a row's price and opens it.
  const firstPrice = office.getByRole('button', { name: / — изменить цену: / }).first();
  await firstPrice.focus();
  await staff.keyboard.press('Enter');
  await expect(office.getByRole('textbox', { name: /^Цена: / })).toBeFocused();
  await staff.keyboard.press('Escape');
  await expect(firstPrice).toBeFocused();

  const check = async (what: string) => {
    expect([what, await staff.evaluate(() => document.documentElement.scrollWidth)]).toEqual([what, 768]);
    const axe = await new AxeBuilder({ page: staff }).include('main [data-remote="admin"]').analyze();
    expect([what, axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)]).toEqual([
      what,
      [],
    ]);
  };
  await check('list');
  await office.getByRole('searchbox', { name: 'Поиск товаров' }).fill(`${word()} nothing`);
  await office.getByRole('button', { name: 'Найти' }).click();
  await expect(office.getByText('Ничего не найдено.')).toBeVisible();
  await office.getByRole('link', { name: 'Новый товар' }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'Новый товар' })).toBeVisible();
  await office.getByRole('button', { name: 'Создать товар' }).click();
  await expect(office.getByText('Проверьте отмеченные поля.')).toBeVisible();
  await check('form');
  await staff.goto('/admin/products/import');
  await expect(office.getByRole('heading', { level: 1, name: 'Импорт товаров' })).toBeVisible();
  await check('import');
  await staff.context().close();
});
