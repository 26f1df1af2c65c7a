import { expect, test } from '@playwright/test';

const notFoundText =
  "The page you were looking for couldn't be found. The page could be removed or you misspelled the word while searching for it. Maybe try a search?";

test.describe('the shell', () => {
  for (const [path, remote] of [
    ['/', 'catalog'],
    ['/shop', 'catalog'],
    ['/shop/1', 'catalog'],
    ['/cart-list', 'cart'],
    ['/login', 'account'],
    ['/checkout', 'checkout'],
  ] as const) {
    test(`renders ${path} through the shell with the ${remote} remote`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator(`main [data-remote="${remote}"]`).first()).toBeVisible();
    });
  }

  test('shows the 404 page for an unknown path, with a 404 status', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText(notFoundText)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('remotes loaded at runtime share the shell’s event bus instance', async ({ page }) => {
    await page.goto('/cart-list');
    await expect(page.locator('main [data-remote="cart"]').first()).toBeVisible();
    // The header's widgets load once the page has (after the route's own screen): wait for them too.
    for (const remote of ['catalog', 'account', 'cart']) await expect(page.locator(`header [data-remote="${remote}"]`).first()).toBeAttached();
    const shellBus = await page.locator('[data-bus-id]').first().getAttribute('data-bus-id');
    expect(shellBus).toBeTruthy();
    const remoteBuses = await page.locator('[data-remote][data-bus-id]').evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.busId));
    expect(remoteBuses.length).toBeGreaterThan(1);
    for (const id of remoteBuses) expect(id).toBe(shellBus);
  });
});
