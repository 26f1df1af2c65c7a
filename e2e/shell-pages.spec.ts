import { expect, test } from '@playwright/test';

test.describe('header', () => {
  test('highlights the current navigation item', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  });

  test("'Shop by Category' opens on click, closes on Escape and on a click elsewhere, and filters the shop", async ({ page }) => {
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Shop by Category' });
    await trigger.click();
    const menu = page.locator('#category-menu');
    for (const name of ['Accesories', 'Furniture', 'Electronics', 'Cloths', 'Bags', 'Home Appliances']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await page.getByRole('heading', { name: 'Our Vision' }).click();
    await expect(menu).toBeHidden();
    await trigger.click();
    await menu.getByRole('link', { name: 'Furniture' }).click();
    await expect(page).toHaveURL(/\/shop\?category=furniture$/);
  });

  test('collapses the navigation into a menu on small screens that closes when an item is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
    await nav.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
  });

  test('switches the language to Russian and remembers it', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'RU' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const nav = page.getByRole('navigation', { name: 'Основная навигация' });
    await expect(nav.getByRole('link', { name: 'О нас' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Наше видение' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Наше видение' })).toBeVisible();
    await page.getByRole('button', { name: 'EN' }).click();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
  });
});

test.describe('breadcrumb', () => {
  test('shows Home and the path name with dashes as spaces', async ({ page }) => {
    await page.goto('/cart-list');
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumb.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(crumb.getByText('cart list')).toBeVisible();
  });
});

test.describe('static pages', () => {
  test('Contact validates the form and sends a message', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await expect(page.getByText('Please enter the valid email')).toBeVisible();
    await expect(page.getByText('Please write a message')).toBeVisible();
    await page.getByLabel('Name').fill('Ann Shopper');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Message').fill('Do you deliver on Saturdays?');
    await expect(page.getByLabel('Message')).toHaveAttribute('rows', '3');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByRole('img', { name: /Map of our store/ })).toBeVisible();
  });

  test('About shows the brand and store tiles and the three stories', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByText('Our Stores', { exact: true })).toBeVisible();
    for (const heading of ['Our Vision', 'Our Story', 'Our Brands']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
  });

  test('Journal is an empty placeholder that points to the shop', async ({ page }) => {
    await page.goto('/journal');
    await expect(page.getByRole('heading', { name: 'Journal' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse the shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("the 404 page's 'Type to search' box searches the catalogue", async ({ page }) => {
    await page.goto('/nothing-here');
    await page.getByPlaceholder('Type to search').fill('chair');
    await page.getByPlaceholder('Type to search').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=chair$/);
  });
});
