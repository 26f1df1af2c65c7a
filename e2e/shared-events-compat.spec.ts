import { expect, test } from '@playwright/test';
import { startGateway } from './support/gateway';
import { buildRemoteAt, hasCommit } from './support/remoteAt';
import { staticHost } from './support/staticHost';

// A remote built for shared-events ^0.2.0 keeps working in a shell whose copy is newer within 0.2
// (0.2.1 added loaded catalogues and translationsReady; decision 0042): the cart remote as built at
// 9d7b62f, the last commit before 0.2.1, whose strings are given at once and whose bundled
// useTranslate is that day's, served from another origin as REMOTE_CART_URL.
// Ports: the suite's base + 586 and 588.

const before021 = '9d7b62f8f93dcee0309deab870f4268d2aee9e15';
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000) + 586;

const tote = {
  id: 9101,
  title: 'Canvas Tote',
  description: 'A tote.',
  price: 19.99,
  discountPercentage: 0,
  rating: 4,
  stock: 3,
  brand: 'Northwind',
  category: 'bags',
  thumbnail: '',
  images: [],
  qun: 1,
};

test('a cart remote built for shared-events 0.2.0 shows and switches both languages in this shell', async ({ page }) => {
  test.skip(!hasCommit(before021), 'this clone does not have the commit the old remote is built from');
  // The old remote's production build (about a minute on a loaded machine) and a gateway of its own.
  test.setTimeout(600_000);
  const build = await buildRemoteAt('cart', before021);
  const host = await staticHost(build, portBase);
  const gateway = await startGateway(portBase + 2, { REMOTE_CART_URL: `${host.origin}/mf-manifest.json` });
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const fromOldBuild: string[] = [];
    page.on('request', (request) => void (request.url().startsWith(host.origin) && fromOldBuild.push(request.url())));
    await page.goto(`${gateway.baseURL}/`);
    await page.evaluate((item) => localStorage.setItem('cart', JSON.stringify([item])), tote);
    await page.goto(`${gateway.baseURL}/cart-list`);

    const cartPage = page.locator('main [data-remote="cart"]');
    const miniCart = page.locator('header [data-remote="cart"]');
    await expect(cartPage.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(cartPage.getByRole('link', { name: 'Canvas Tote', exact: true })).toBeVisible();
    await expect(miniCart.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    expect(fromOldBuild.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);

    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await expect(cartPage.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
    await expect(miniCart.getByRole('button', { name: 'Корзина, 1 товар' })).toBeVisible();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(cartPage.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await gateway.stop();
    await host.close();
  }
});
