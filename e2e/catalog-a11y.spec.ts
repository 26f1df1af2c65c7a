import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { catalogMain } from './catalog-support.ts';

// Accessibility of the catalogue's screens and the header search (WCAG 2.1 AA rules of axe-core).

for (const [name, path, ready] of [
  ['home', '/', 'New Arrivals'],
  ['shop', '/shop', 'Shop by Category'],
  ['shop (list view, filters open)', '/shop?view=list&category=bags', 'Shop by Category'],
  ['product', '/shop/2', 'FEATURES & DETAILS'],
  ['search results', '/search?q=lamp', 'Searching Results...'],
] as const) {
  test(`${name} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(catalogMain(page).getByText(ready).first()).toBeVisible();
    await expect(catalogMain(page).locator('[data-skeleton]')).toHaveCount(0);
    if (path.includes('view=list')) {
      await page.getByRole('button', { name: 'Shop by Brand' }).click();
      await page.getByRole('button', { name: 'Shop by Color' }).click();
    }
    const results = await new AxeBuilder({ page }).include('main [data-remote="catalog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the header search with open suggestions has no axe violations', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).fill('lamp');
  await expect(page.getByRole('banner').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const results = await new AxeBuilder({ page }).include('header [data-remote="catalog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
