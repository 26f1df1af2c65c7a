import { expect, test, type Page } from '@playwright/test';

// Each remote in turn is made unreachable; the shell must keep the rest of the shop working, show a
// translated fallback where the remote would be, and use the remote again once it is back.
const remotes = [
  { name: 'catalog', route: '/', other: '/cart-list', otherRemote: 'cart' },
  { name: 'cart', route: '/cart-list', other: '/shop', otherRemote: 'catalog' },
  { name: 'account', route: '/login', other: '/cart-list', otherRemote: 'cart' },
  { name: 'checkout', route: '/checkout', other: '/login', otherRemote: 'account' },
] as const;

async function clientNavigate(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

for (const remote of remotes) {
  test.describe(`when the ${remote.name} remote is down`, () => {
    test('the shell still works, shows a fallback, and recovers without a reload', async ({ page }) => {
      const pattern = `**/remotes/${remote.name}/**`;
      await page.route(pattern, (route) => route.abort('connectionrefused'));

      await page.goto(remote.route);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const fallback = page.locator(`main [data-remote-failed="${remote.name}"]`);
      await expect(fallback).toBeVisible();
      await expect(fallback.getByRole('heading', { name: 'This part of the shop is unavailable' })).toBeVisible();

      await page.getByRole('button', { name: 'RU', exact: true }).click();
      await expect(fallback.getByRole('heading', { name: 'Этот раздел магазина недоступен' })).toBeVisible();
      await page.getByRole('button', { name: 'EN', exact: true }).click();

      await clientNavigate(page, remote.other);
      await expect(page.locator(`main [data-remote="${remote.otherRemote}"]`).first()).toBeVisible();
      await clientNavigate(page, '/about');
      await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();

      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await clientNavigate(page, remote.route);
      const retry = page.locator(`main [data-remote-failed="${remote.name}"]`).getByRole('button', { name: 'Try again' });
      await expect(retry).toBeVisible();
      await page.unroute(pattern);
      await retry.click();
      await expect(page.locator(`main [data-remote="${remote.name}"]`).first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  });
}

test('a remote whose entry throws while loading is isolated like one that is down', async ({ page }) => {
  await page.route('**/remotes/cart/remoteEntry.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: 'throw new Error("broken release");' }),
  );
  await page.goto('/cart-list');
  await expect(page.locator('main [data-remote-failed="cart"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
