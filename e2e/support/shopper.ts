import { expect, type Page } from '@playwright/test';

/** Sign-up through the real screen, shared by the account and checkout browser tests. */
export const PASSWORD = 'abcd1234';
const main = (page: Page) => page.locator('main [data-remote="account"]');
const toastRegion = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });

export async function fillSignUp(page: Page, values: { first?: string; email?: string; password?: string; repeat?: string; agree?: boolean }) {
  const form = main(page);
  await form.getByLabel('First Name').fill(values.first ?? 'Ann');
  await form.getByLabel('Last Name').fill('Lee');
  await form.getByLabel('Email Address').fill(values.email ?? '');
  await form.getByLabel('Telephone').fill('+1 555 0100');
  await form.getByLabel('Address 1').fill('12 Market Street');
  await form.getByLabel('City').fill('Springfield');
  await form.getByLabel('Post Code').fill('62701');
  await form.getByLabel('Country').selectOption('United States');
  await form.getByLabel('Region/State').selectOption('Illinois');
  await form.getByLabel('Password', { exact: true }).fill(values.password ?? PASSWORD);
  await form.getByLabel('Repeat Password').fill(values.repeat ?? values.password ?? PASSWORD);
  if (values.agree ?? true) await form.getByRole('checkbox', { name: /Privacy Policy/ }).check();
}

/**
 * Signs up through the screen; the new shopper is signed in afterwards, on /login (the screen's
 * redirect 2.5 s after the toast). Waiting for that redirect keeps a test's next steps from racing
 * it: the navigation closes any header menu the test has just opened.
 */
export async function signUp(page: Page, email: string, first = 'Ann') {
  await page.goto('/sign-up');
  await fillSignUp(page, { email, first });
  await main(page).getByRole('button', { name: 'Create account' }).click();
  await expect(toastRegion(page).filter({ hasText: 'Congratulations, SignUp Done!' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}
