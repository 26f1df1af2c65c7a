import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const routes = [
  '/',
  '/shop',
  '/shop/1',
  '/search?q=chair',
  '/wishlist',
  '/compare',
  '/cart-list',
  '/checkout',
  '/login',
  '/sign-up',
  '/my-account',
  '/user',
  '/contact',
  '/about',
  '/journal',
  '/no-such-page',
];

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [role="status"][aria-live="polite"]:has-text("Loading")')).toHaveCount(0);
}

for (const language of ['en', 'ru'] as const) {
  test.describe(`accessibility (${language})`, () => {
    for (const route of routes) {
      test(`${route} has no axe violations`, async ({ page }) => {
        await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
        await page.goto(route);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const summary = results.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
