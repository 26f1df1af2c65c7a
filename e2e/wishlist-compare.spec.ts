import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { setLogLevel } from 'firebase/app';
import { get, ref, set, update } from 'firebase/database';
import type { RunningAccountBackends } from '../stand-ins/firebase/index';
import { rejection, testClient } from '../mf-account/server/testing/backends';
import { api, cards, catalogMain, dollars, storedCart, toast, type ApiList } from './catalog-support';
import { PASSWORD, signUp } from './support/shopper';

// The wish list and the compare tray as shoppers meet them: hearts and Compare buttons on cards and
// product pages, /wishlist, the tray on every page, /compare with a shareable address.

const header = (page: Page) => page.locator('header');
const wishLink = (page: Page) => header(page).getByRole('link', { name: /^Wish List/ });
const stored = (page: Page, key: 'wishlist' | 'compare') => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as number[], key);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "Add to Cart" with the product's name (visually hidden) that tells the buttons of a list apart. */
const addToCartOf = (title: string) => ({ name: new RegExp(`^Add to Cart\\s?: ${escape(title)}$`) });
const tray = (page: Page) => page.getByRole('region', { name: 'Products to compare' });

async function inStock(request: Parameters<typeof api>[0], count: number) {
  const list = await api<ApiList>(request, `/products?limit=${count * 3}&select=id,title,price,stock,brand,category,color`);
  return list.products.filter((product) => product.stock > 0).slice(0, count);
}

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

test.describe('the wish list (guest)', () => {
  test('the heart saves a product, survives a reload, and the wish list page moves it to the cart or removes it', async ({ page, request }) => {
    const [product] = await inStock(request, 1);
    await page.goto(`/shop/${product!.id}`);
    const heart = catalogMain(page).getByRole('button', { name: 'Add To Wish List' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(wishLink(page)).toHaveAccessibleName('Wish List');
    await heart.click();
    await expect(toast(page, `${product!.title} added to your Wish List`)).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(wishLink(page)).toHaveAccessibleName('Wish List, 1 saved');
    expect(await stored(page, 'wishlist')).toEqual([product!.id]);

    await page.reload();
    await expect(catalogMain(page).getByRole('button', { name: 'Add To Wish List' })).toHaveAttribute('aria-pressed', 'true');

    await wishLink(page).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const row = catalogMain(page).getByRole('listitem').filter({ hasText: product!.title });
    await expect(row).toContainText(dollars(product!.price));
    await expect(row).toContainText(`${product!.stock} Available in Stock`);
    await row.getByRole('button', addToCartOf(product!.title)).click();
    await expect(toast(page, 'Added to Cart, Successfully!')).toBeVisible();
    expect(await storedCart(page)).toEqual([expect.objectContaining({ id: product!.id, qun: 1 })]);
    await row.getByRole('button', { name: `Remove ${product!.title} from your Wish List` }).click();
    await expect(catalogMain(page).getByText('Your wish list is empty.')).toBeVisible();
    await expect(wishLink(page)).toHaveAccessibleName('Wish List');
    expect(await stored(page, 'wishlist')).toEqual([]);
  });

  test('cards toggle the heart from the keyboard; a damaged or outdated stored list is cleaned quietly', async ({ page, request }) => {
    const [first, second] = await inStock(request, 2);
    await page.goto('/about');
    await page.evaluate((ids) => localStorage.setItem('wishlist', JSON.stringify(ids)), [first!.id, 987654321, 'junk', first!.id]);
    await page.goto('/wishlist');
    await expect(catalogMain(page).getByRole('listitem')).toHaveCount(1);
    await expect.poll(() => stored(page, 'wishlist')).toEqual([first!.id]);

    await page.goto('/shop');
    const card = cards(page).filter({ hasText: second!.title }).first();
    const heart = card.getByRole('button', { name: `Add to Wish List: ${second!.title}` });
    // The page arrives rendered; its buttons work (and take focus) once it has hydrated.
    await expect(heart).toBeEnabled();
    await heart.focus();
    await page.keyboard.press('Enter');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(wishLink(page)).toHaveAccessibleName('Wish List, 2 saved');
    await page.keyboard.press('Space');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(toast(page, `${second!.title} removed from your Wish List`)).toBeVisible();

    await page.evaluate(() => localStorage.setItem('wishlist', '[1, 2'));
    await page.goto('/wishlist');
    await expect(catalogMain(page).getByText('Your wish list is empty.')).toBeVisible();
  });

  test('the wish list follows the shopper into another tab', async ({ page, context, request }) => {
    const [product] = await inStock(request, 1);
    await page.goto('/wishlist');
    const other = await context.newPage();
    await other.goto(`/shop/${product!.id}`);
    await catalogMain(other).getByRole('button', { name: 'Add To Wish List' }).click();
    await expect(catalogMain(page).getByRole('listitem').filter({ hasText: product!.title })).toBeVisible();
    await expect(wishLink(page)).toHaveAccessibleName('Wish List, 1 saved');
    await other.close();
  });
});

test.describe('compare', () => {
  test('two to four products side by side, differences marked, the address shared and the tray on every page', async ({ page, browser, request }) => {
    const products = await inStock(request, 3);
    await page.goto('/shop');
    for (const product of products) {
      await cards(page)
        .filter({ hasText: product.title })
        .first()
        .getByRole('button', { name: `Compare: ${product.title}` })
        .click();
      await expect(toast(page, `${product.title} added to Compare`)).toBeVisible();
    }
    await expect(tray(page).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('link', { name: 'About' }).first().click();
    await expect(tray(page)).toBeVisible();
    await tray(page).getByRole('link', { name: 'Compare (3)' }).click();
    const ids = products.map((product) => product.id).join(',');
    await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${ids}$`));
    const table = catalogMain(page).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    for (const product of products) await expect(table.getByRole('columnheader', { name: new RegExp(product.title) })).toBeVisible();
    await expect(table.locator('tr[data-row="price"] td').first()).toHaveText(dollars(products[0]!.price));
    const prices = new Set(products.map((product) => product.price));
    await expect(table.locator('tr[data-row="price"] th')).toContainText(prices.size > 1 ? 'Differs' : 'Price');
    await expect(tray(page)).toHaveCount(0);

    // The shared address shows the same comparison on another device, and becomes its tray.
    const friend = await browser.newPage();
    await friend.goto(page.url());
    await expect(catalogMain(friend).getByRole('table').getByRole('columnheader')).toHaveCount(3);
    expect(await stored(friend, 'compare')).toEqual(products.map((product) => product.id));

    // Add to Cart per column, and removing a column updates the address.
    await table.getByRole('button', addToCartOf(products[1]!.title)).click();
    await expect(toast(page, 'Added to Cart, Successfully!')).toBeVisible();
    await table.getByRole('button', { name: `Remove ${products[0]!.title} from Compare` }).click();
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${products[1]!.id},${products[2]!.id}$`));
    expect(await axe(page)).toEqual([]);
    await friend.close();
  });

  test('a fifth product asks which one to replace, from the keyboard, and Cancel keeps the four', async ({ page, request }) => {
    const products = await inStock(request, 5);
    await page.goto('/about');
    await page.evaluate(
      (ids) => localStorage.setItem('compare', JSON.stringify(ids)),
      products.slice(0, 4).map((product) => product.id),
    );
    await page.goto(`/shop/${products[4]!.id}`);
    await catalogMain(page).getByRole('button', { name: 'Compare', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare holds 4 products' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Choose one to make room for ${products[4]!.title}.`);
    await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await stored(page, 'compare')).toEqual(products.slice(0, 4).map((product) => product.id));

    await catalogMain(page).getByRole('button', { name: 'Compare', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Replace ${products[1]!.title}` })
      .click();
    await expect(toast(page, `${products[4]!.title} added to Compare`)).toBeVisible();
    expect(await stored(page, 'compare')).toEqual([products[0]!.id, products[4]!.id, products[2]!.id, products[3]!.id]);
    await expect(catalogMain(page).getByRole('button', { name: 'Compare', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });
});

test('in Russian, with products in both lists, and no axe violations', async ({ page, request }) => {
  const products = await inStock(request, 2);
  await page.addInitScript(
    (ids) => {
      localStorage.setItem('lang', 'ru');
      localStorage.setItem('wishlist', JSON.stringify(ids));
      localStorage.setItem('compare', JSON.stringify(ids));
    },
    products.map((product) => product.id),
  );
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible();
  await expect(catalogMain(page).getByRole('listitem')).toHaveCount(2);
  await expect(header(page).getByRole('link', { name: 'Избранное, сохранено: 2' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Товары для сравнения' }).getByRole('link', { name: 'Сравнить (2)' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.goto('/compare');
  await expect(page.getByRole('heading', { level: 1, name: 'Сравнение товаров' })).toBeVisible();
  await expect(catalogMain(page).getByRole('table').getByRole('rowheader', { name: /Цена/ }).first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

/** The stack's local Firebase, as the page's app config names it, for a client of the test's own. */
async function localFirebase(request: APIRequestContext): Promise<RunningAccountBackends> {
  const { firebase } = (await (await request.get('/app-config.json')).json()) as {
    firebase: { projectId: string; databaseURL: string; authEmulatorUrl: string; databaseEmulatorHost: string };
  };
  const [host, port] = firebase.databaseEmulatorHost.split(':');
  return {
    projectId: firebase.projectId,
    auth: { url: firebase.authEmulatorUrl.replace(/\/$/, '') },
    database: { url: firebase.databaseURL, host, port: Number(port) },
  } as unknown as RunningAccountBackends;
}

const accountMenu = (page: Page) => header(page).locator('[data-remote="account"]');

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  const form = catalogMainOf(page, 'account');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
}
const catalogMainOf = (page: Page, remote: string) => page.locator(`main [data-remote="${remote}"]`).first();

test.describe('the wish list of a signed-in shopper', () => {
  test('merges the guest list at sign-in, follows the shopper to another device, empties at sign-out, and no other account can read or write it', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const [a, b, c] = await inStock(request, 3);
    const email = `wish-${Date.now()}@example.com`;

    // A guest saves A, then signs up: the new account's list holds A.
    await page.goto(`/shop/${a!.id}`);
    await catalogMain(page).getByRole('button', { name: 'Add To Wish List' }).click();
    await signUp(page, email);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('wishlist:account'))).not.toBeNull();
    const uid = await page.evaluate(() => (JSON.parse(localStorage.getItem('wishlist:account')!) as { uid: string }).uid);

    // Another device: a guest there has saved C; logging in merges C with the account's A.
    const device = await browser.newPage();
    await device.goto(`/shop/${c!.id}`);
    await catalogMain(device).getByRole('button', { name: 'Add To Wish List' }).click();
    await logIn(device, email);
    await expect(wishLink(device)).toHaveAccessibleName('Wish List, 2 saved');
    await device.goto('/wishlist');
    await expect(catalogMain(device).getByRole('listitem')).toHaveCount(2);
    for (const product of [a!, c!]) await expect(catalogMain(device).getByRole('listitem').filter({ hasText: product.title })).toBeVisible();

    // The first device hears of C, and of B added on the second, without a reload.
    await expect(wishLink(page)).toHaveAccessibleName('Wish List, 2 saved');
    await device.goto(`/shop/${b!.id}`);
    await catalogMain(device).getByRole('button', { name: 'Add To Wish List' }).click();
    await expect(wishLink(page)).toHaveAccessibleName('Wish List, 3 saved');
    await page.goto('/wishlist');
    await catalogMain(page)
      .getByRole('button', { name: `Remove ${a!.title} from your Wish List` })
      .click();
    await expect(wishLink(device)).toHaveAccessibleName('Wish List, 2 saved');

    // Signing out empties this browser's copy; the account keeps its list.
    await accountMenu(device)
      .getByRole('button', { name: /Account menu/ })
      .click();
    await accountMenu(device).getByRole('button', { name: 'Log Out' }).click();
    await expect(wishLink(device)).toHaveAccessibleName('Wish List');
    await logIn(device, email);
    await expect(wishLink(device)).toHaveAccessibleName('Wish List, 2 saved');

    // The database's rules: another signed-in account can neither read nor change this list.
    const firebase = await localFirebase(request);
    const otherEmail = `other-${Date.now()}@example.com`;
    const other = await testClient(firebase);
    const signUpUrl = `${firebase.auth.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
    expect((await request.post(signUpUrl, { data: { email: otherEmail, password: PASSWORD, returnSecureToken: true } })).ok()).toBe(true);
    await other.close();
    // The denials are what this checks; the SDK would also warn about each one.
    setLogLevel('silent');
    const mallory = await testClient(firebase, { email: otherEmail, password: PASSWORD });
    try {
      const target = ref(mallory.db, `users/${uid}/wishlist`);
      expect((await rejection(get(target))).message).toMatch(/permission denied/i);
      expect((await rejection(update(target, { [String(a!.id)]: Date.now() }))).code).toBe('PERMISSION_DENIED');
      expect((await rejection(set(target, null))).code).toBe('PERMISSION_DENIED');
    } finally {
      await mallory.close();
    }
    await expect(wishLink(page)).toHaveAccessibleName('Wish List, 2 saved');
    await device.close();
  });
});
