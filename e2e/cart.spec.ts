import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The cart in the browser, seeded through localStorage["cart"] (the spec's storage, an array of
// product objects with `qun`), so these tests need no catalogue UI. Adding from the listing and
// the product page is covered by the catalogue's own browser tests.

const image = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${fill}"/></svg>`)}`;

/** Product objects as the catalogue sends them, extra fields included: the cart keeps them all. */
const tote = {
  id: 9101,
  title: 'Canvas Tote',
  description: 'A sturdy canvas tote.',
  price: 19.99,
  discountPercentage: 12.5,
  rating: 4.4,
  stock: 3,
  brand: 'Northwind',
  category: 'bags',
  thumbnail: image('#1f3a5f'),
  images: [image('#1f3a5f')],
};
const lamp = {
  ...tote,
  id: 9102,
  title: 'Desk Lamp',
  price: 0.1,
  stock: 10,
  brand: 'Lumen',
  category: 'home-appliances',
  thumbnail: image('#b5470f'),
  images: [],
};
const stool = { ...tote, id: 9103, title: 'Oak Stool', price: 45, stock: 1, brand: 'Timber', category: 'furniture', thumbnail: image('#8a5a2b') };

type Stored = Record<string, unknown> & { qun: number };

async function seedCart(page: Page, items: unknown, path = '/cart-list') {
  await page.goto('/about');
  await page.evaluate((value) => localStorage.setItem('cart', typeof value === 'string' ? value : JSON.stringify(value)), items);
  await page.goto(path);
}

const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null') as Stored[] | null);
const cartTrigger = (page: Page) => page.locator('header [data-remote="cart"]').getByRole('button', { name: /^Cart, \d+ items?$/ });
const badge = (page: Page) => page.locator('header [data-remote="cart"]').getByTestId('cart-badge');
const miniCart = (page: Page) => page.getByRole('region', { name: 'Cart contents' });
const cartPage = (page: Page) => page.locator('main [data-remote="cart"]');
const rows = (page: Page) => cartPage(page).locator('tbody tr');
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });

test.describe('cart', () => {
  test('badge and mini-cart show the items, their prices and the SubTotal', async ({ page }) => {
    await seedCart(
      page,
      [
        { ...tote, qun: 2 },
        { ...lamp, qun: 3 },
      ],
      '/about',
    );
    await expect(cartTrigger(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(badge(page)).toHaveText('2');

    await cartTrigger(page).click();
    await expect(cartTrigger(page)).toHaveAttribute('aria-expanded', 'true');
    const panel = miniCart(page);
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    const first = panel.getByRole('listitem').first();
    await expect(first.getByRole('link', { name: 'Canvas Tote' })).toHaveAttribute('href', '/shop/9101');
    await expect(first).toContainText('2 × $19.99');
    await expect(first.locator('img')).toHaveAttribute('width', '56');
    await expect(first.getByRole('button', { name: 'Remove Canvas Tote from cart' })).toBeVisible();
    await expect(panel.getByText('SubTotal')).toBeVisible();
    await expect(panel.getByTestId('mini-cart-subtotal')).toHaveText('$40.28');

    const box = await panel.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(360);

    await panel.getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart-list$/);
    await expect(miniCart(page)).toBeHidden();

    await cartTrigger(page).click();
    await miniCart(page).getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(miniCart(page)).toBeHidden();
  });

  test('the mini-cart scrolls above 500px and spans a small screen', async ({ page }) => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...lamp, id: 9200 + i, title: `Lamp ${i + 1}`, qun: 1 }));
    await seedCart(page, many, '/about');
    await cartTrigger(page).click();
    const panel = miniCart(page);
    const box = await panel.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(500);
    const list = panel.getByRole('list');
    expect(await list.evaluate((node) => node.scrollHeight > node.clientHeight)).toBe(true);
    await expect(panel.getByRole('link', { name: 'Checkout' })).toBeInViewport();

    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(375 - 16);
    expect(Math.round((await panel.boundingBox())?.x ?? 0)).toBe(8);
  });

  test('dropdowns close on a click elsewhere and on Escape, and only one is open at a time', async ({ page }) => {
    await seedCart(page, [{ ...tote, qun: 1 }], '/about');
    await cartTrigger(page).click();
    await expect(miniCart(page)).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(miniCart(page)).toBeHidden();

    await cartTrigger(page).click();
    await page.keyboard.press('Escape');
    await expect(miniCart(page)).toBeHidden();
    await expect(cartTrigger(page)).toBeFocused();

    // Opening another header dropdown closes the mini-cart, and the other way round.
    await cartTrigger(page).click();
    await page.getByRole('button', { name: 'Shop by Category' }).click();
    await expect(miniCart(page)).toBeHidden();
    await expect(page.locator('#category-menu')).toBeVisible();
    await cartTrigger(page).click();
    await expect(page.locator('#category-menu')).toBeHidden();
    await expect(miniCart(page)).toBeVisible();
  });

  test('removing from the mini-cart keeps it open and updates the badge and the storage', async ({ page }) => {
    await seedCart(
      page,
      [
        { ...tote, qun: 1 },
        { ...lamp, qun: 2 },
      ],
      '/about',
    );
    await cartTrigger(page).click();
    await miniCart(page).getByRole('button', { name: 'Remove Canvas Tote from cart' }).click();
    await expect(miniCart(page)).toBeVisible();
    await expect(miniCart(page).getByRole('listitem')).toHaveCount(1);
    await expect(badge(page)).toHaveText('1');
    await expect(miniCart(page).getByTestId('mini-cart-subtotal')).toHaveText('$0.20');
    expect((await storedCart(page))?.map((item) => item.id)).toEqual([9102]);

    await miniCart(page).getByRole('button', { name: 'Remove Desk Lamp from cart' }).click();
    await expect(miniCart(page).getByText('Your cart is empty.')).toBeVisible();
    await expect(badge(page)).toBeHidden();
    await expect(cartTrigger(page)).toHaveAccessibleName('Cart, 0 items');
  });

  test('cart page: table, bounds, totals, and the exact localStorage shape', async ({ page }) => {
    await seedCart(page, [
      { ...tote, qun: 1 },
      { ...lamp, qun: 3 },
    ]);
    await expect(cartPage(page).getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(cartPage(page).getByRole('columnheader')).toHaveText(['Product', 'Price', 'Quantity', 'Subtotal']);
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 'Canvas Tote').getByRole('link', { name: 'Canvas Tote' })).toHaveAttribute('href', '/shop/9101');
    await expect(row(page, 'Canvas Tote').getByRole('button', { name: 'Remove Canvas Tote from cart' })).toBeVisible();
    await expect(row(page, 'Canvas Tote').locator('img')).toHaveAttribute('height', '72');

    const decrease = page.getByRole('button', { name: 'Decrease quantity of Canvas Tote' });
    const increase = page.getByRole('button', { name: 'Increase quantity of Canvas Tote' });
    await expect(decrease).toBeDisabled();
    await expect(increase).toBeEnabled();
    await increase.click();
    await increase.click();
    await expect(row(page, 'Canvas Tote').getByTestId('cart-qty')).toHaveText('3');
    await expect(increase).toBeDisabled(); // stock is 3
    await expect(row(page, 'Canvas Tote')).toContainText('Only 3 in stock');
    await expect(decrease).toBeEnabled();
    await expect(row(page, 'Canvas Tote').getByTestId('cart-line-subtotal')).toHaveText('$59.97');

    // Total Quantity is the sum of qun; Total is summed in cents; the badge counts items.
    await expect(page.getByTestId('cart-total-quantity')).toHaveText('6');
    await expect(page.getByTestId('cart-total')).toHaveText('$60.27');
    await expect(badge(page)).toHaveText('2');
    await cartTrigger(page).click();
    await expect(miniCart(page).getByTestId('mini-cart-subtotal')).toHaveText('$60.27');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Decrease quantity of Desk Lamp' }).click();
    await expect(page.getByTestId('cart-total-quantity')).toHaveText('5');
    await expect(page.getByTestId('cart-total')).toHaveText('$60.17');

    expect(await storedCart(page)).toEqual([
      { ...tote, qun: 3 },
      { ...lamp, qun: 2 },
    ]);

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('a product with stock 1 cannot go above 1', async ({ page }) => {
    await seedCart(page, [{ ...stool, qun: 1 }]);
    await expect(page.getByRole('button', { name: 'Decrease quantity of Oak Stool' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Increase quantity of Oak Stool' })).toBeDisabled();
  });

  test('removing lines updates the page, the badge and the storage, down to the empty state', async ({ page }) => {
    await seedCart(page, [
      { ...tote, qun: 2 },
      { ...lamp, qun: 1 },
    ]);
    await page.getByRole('button', { name: 'Remove Canvas Tote from cart' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(badge(page)).toHaveText('1');
    await expect(page.getByTestId('cart-total')).toHaveText('$0.10');
    await expect(page.getByRole('button', { name: 'Remove Desk Lamp from cart' })).toBeFocused();
    expect(await storedCart(page)).toEqual([{ ...lamp, qun: 1 }]);

    await page.getByRole('button', { name: 'Remove Desk Lamp from cart' }).click();
    await expect(cartPage(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(cartPage(page).getByRole('link', { name: 'Return to Shop' })).toHaveAttribute('href', '/shop');
    await expect(badge(page)).toBeHidden();
    expect(await storedCart(page)).toEqual([]);
  });

  test('the cart survives a reload', async ({ page }) => {
    await seedCart(page, [
      { ...tote, qun: 1 },
      { ...lamp, qun: 1 },
    ]);
    await page.getByRole('button', { name: 'Increase quantity of Desk Lamp' }).click();
    await page.getByRole('button', { name: 'Remove Canvas Tote from cart' }).click();
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, 'Desk Lamp').getByTestId('cart-qty')).toHaveText('2');
    await expect(badge(page)).toHaveText('1');
    expect(await storedCart(page)).toEqual([{ ...lamp, qun: 2 }]);
  });

  test('a second tab sees every change at once', async ({ page, context }) => {
    await seedCart(page, [{ ...tote, qun: 1 }]);
    const other = await context.newPage();
    await other.goto('/cart-list');
    await expect(rows(other)).toHaveCount(1);

    await page.getByRole('button', { name: 'Increase quantity of Canvas Tote' }).click();
    await expect(row(other, 'Canvas Tote').getByTestId('cart-qty')).toHaveText('2');
    await expect(other.getByTestId('cart-total')).toHaveText('$39.98');

    await other.getByRole('button', { name: 'Remove Canvas Tote from cart' }).click();
    await expect(cartPage(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(badge(page)).toBeHidden();
  });

  test('corrupt or foreign data in localStorage["cart"] never breaks the page', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await seedCart(page, '{"not": json');
    await expect(cartPage(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(cartTrigger(page)).toHaveAccessibleName('Cart, 0 items');

    await seedCart(page, { items: 'not an array' });
    await expect(cartPage(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

    // Broken entries are dropped, a wild quantity is clamped to stock, a duplicate is merged.
    await seedCart(page, [null, 42, { id: 'x', title: 'No id' }, { ...tote, qun: 99 }, { ...lamp, price: 'free' }, { ...tote, qun: 1 }]);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, 'Canvas Tote').getByTestId('cart-qty')).toHaveText('3');
    await expect(page.getByRole('button', { name: 'Increase quantity of Canvas Tote' })).toBeDisabled();
    await expect(badge(page)).toHaveText('1');
    expect(errors).toEqual([]);
  });

  test('Update Cart re-reads the cart and says so', async ({ page }) => {
    await seedCart(page, [{ ...tote, qun: 1 }]);
    await page.evaluate(
      (items) => localStorage.setItem('cart', JSON.stringify(items)),
      [
        { ...tote, qun: 2 },
        { ...lamp, qun: 1 },
      ],
    );
    await page.getByRole('button', { name: 'Update Cart' }).click();
    await expect(cartPage(page).getByRole('status').filter({ hasText: 'Cart updated' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(badge(page)).toHaveText('2');
  });

  test('Apply Coupon shows the checkout service answer and remembers an accepted code', async ({ page }) => {
    await page.route('**/api/checkout/coupons/validate', async (route) => {
      const body = route.request().postDataJSON() as { code: string; lines: { id: number; qun: number }[] };
      expect(body.lines).toEqual([{ id: 9101, qun: 2 }]);
      await route.fulfill({
        json:
          body.code === 'SAVE10'
            ? { valid: true, code: 'SAVE10', discountCents: 399, message: 'SAVE10 applied: 10% off your order (-$3.99)', subtotalCents: 3998 }
            : { valid: false, code: body.code, discountCents: 0, message: `Coupon code "${body.code}" is not valid` },
      });
    });
    await seedCart(page, [{ ...tote, qun: 2 }]);
    const code = page.getByLabel('Coupon code');
    await code.fill('nope');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText('Coupon code "NOPE" is not valid')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('coupon'))).toBeNull();

    await code.fill('save10');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText('SAVE10 applied: 10% off your order (-$3.99)')).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('$35.99');
    expect(await page.evaluate(() => sessionStorage.getItem('coupon'))).toBe('SAVE10');
  });

  test('Apply Coupon says so clearly when the checkout service cannot be reached', async ({ page }) => {
    await page.route('**/api/checkout/coupons/validate', (route) => route.abort('connectionrefused'));
    await seedCart(page, [{ ...tote, qun: 1 }]);
    await page.getByLabel('Coupon code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText(/checkout service is unavailable/)).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('$19.99');
  });

  test("Apply Coupon says the service is unavailable when the checkout remote's coupon client cannot load, and the cart keeps working", async ({ page }) => {
    // The cart asks the checkout remote for its coupon client (checkout/couponClient) only when a code is applied.
    const asked: string[] = [];
    await page.route('**/remotes/checkout/**', (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return route.abort('connectionrefused');
    });
    await seedCart(page, [{ ...tote, qun: 1 }]);
    expect(asked).toEqual([]);
    await page.getByLabel('Coupon code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText(/checkout service is unavailable/)).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('coupon'))).toBeNull();
    await page.getByRole('button', { name: 'Increase quantity of Canvas Tote' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('$39.98');
    await expect(badge(page)).toHaveText('1');
  });

  test('switches to Russian live with the header language switch', async ({ page }) => {
    await seedCart(page, [{ ...tote, qun: 2 }]);
    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await expect(cartPage(page).getByRole('heading', { level: 1 })).toHaveText('Корзина');
    await expect(page.getByText('Общее количество')).toBeVisible();
    await expect(page.locator('header [data-remote="cart"]').getByRole('button', { name: 'Корзина, 1 товар' })).toBeVisible();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(cartPage(page).getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');
  });

  test('on a small screen the lines become labelled cards without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await seedCart(page, [
      { ...tote, qun: 1 },
      { ...lamp, qun: 2 },
    ]);
    await expect(rows(page)).toHaveCount(2);
    const label = await row(page, 'Canvas Tote')
      .locator('td[data-label="Quantity"]')
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Quantity"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('button', { name: 'Increase quantity of Canvas Tote' })).toBeInViewport({ ratio: 0 });
  });

  test('the cart page and the open mini-cart have no accessibility violations', async ({ page }) => {
    await seedCart(page, [
      { ...tote, qun: 3 },
      { ...lamp, qun: 1 },
    ]);
    await expect(rows(page)).toHaveCount(2);
    const pageScan = await new AxeBuilder({ page }).include('main [data-remote="cart"]').analyze();
    expect(pageScan.violations).toEqual([]);
    await cartTrigger(page).click();
    await expect(miniCart(page)).toBeVisible();
    const miniScan = await new AxeBuilder({ page }).include('header [data-remote="cart"]').analyze();
    expect(miniScan.violations).toEqual([]);
  });
});
