import { expect, test } from '@playwright/test';

// One language switch in the shell's header changes the strings of the shell and of every remote,
// live (no reload), and the choice survives a reload.
test('switching to RU translates the shell and every remote, and is remembered', async ({ page }) => {
  await page.goto('/cart-list');
  await page.getByRole('button', { name: 'RU' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Главная', exact: true })).toBeVisible(); // shell
  await expect(header.getByPlaceholder('Поиск товаров')).toBeVisible(); // catalog's search box
  await expect(header.getByRole('button', { name: /^Корзина, 0/ })).toBeVisible(); // cart's mini-cart
  await expect(header.getByRole('button', { name: /^Меню аккаунта/ })).toBeVisible(); // account menu
  await expect(page.locator('main [data-remote="cart"]').getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Магазин' }).click();
  await expect(page.locator('main [data-remote="catalog"]').getByRole('heading', { level: 1, name: 'Товары' })).toBeVisible();

  await page.goto('/checkout');
  await expect(page.locator('main [data-remote="checkout"]').getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
  await page.goto('/login');
  await expect(page.locator('main [data-remote="account"]').getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();

  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.locator('main [data-remote="account"]').getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner').getByPlaceholder('Search Products')).toBeVisible();
});
