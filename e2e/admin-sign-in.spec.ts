import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUp } from './support/shopper.ts';
import { grant } from './support/staff.ts';

// The back office follows the shop's one sign-in (issue #43 point 6): signing in from its own
// prompt, or out from the header, shows at once in the back office, without a reload.

const backOffice = (page: Page) => page.locator('main [data-remote="admin"]');
// The orders screen, whether or not the stack has orders yet.
const ordersScreen = (page: Page) => backOffice(page).getByRole('heading', { level: 1, name: 'Orders' });
const accountScreen = (page: Page) => page.locator('main [data-remote="account"]');
const menuTrigger = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account menu/ });
const accountMenu = (page: Page) => page.getByRole('region', { name: 'Account' });
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const PROMPT = 'Sign in with your staff account to use the back office.';

/** Marks the loaded document: the mark is gone after any reload or full navigation. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

test("a staff member signs in from the back office's prompt and sees the orders at once; signing out in the header brings the prompt back", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = unique('signin-staff');
  await signUp(page, email, 'Stella');
  await grant(email, 'staff');
  await menuTrigger(page).click();
  await accountMenu(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(menuTrigger(page)).toHaveAccessibleName('Account menu');

  await page.goto('/admin/orders');
  await expect(backOffice(page).getByText(PROMPT)).toBeVisible();
  await markDocument(page);
  await backOffice(page).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Forders$/);
  const form = accountScreen(page);
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(menuTrigger(page)).toHaveAccessibleName('Account menu, logged in as Stella');
  await expect(ordersScreen(page)).toBeVisible();
  await expect(backOffice(page).getByText(PROMPT)).toHaveCount(0);
  await expect(backOffice(page).getByText(email)).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);

  await menuTrigger(page).click();
  await accountMenu(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(backOffice(page).getByText(PROMPT)).toBeVisible();
  await expect(ordersScreen(page)).toHaveCount(0);
  expect(await stillSameDocument(page)).toBe(true);
});
