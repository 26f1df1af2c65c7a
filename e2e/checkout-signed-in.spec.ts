import { expect, test } from '@playwright/test';
import { payByCard, putOneItemInCart } from './support/checkout.ts';
import { signUp } from './support/shopper.ts';

// The whole journey of a signed-in shopper: sign up, pay by card on the prefilled checkout, and find
// the order under My Account (the checkout service links it to the uid through token sync).

test('a signed-in shopper buys with 4242 on a prefilled checkout and finds the order in My Account', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await signUp(page, email, 'Nora');

  await putOneItemInCart(page, request);
  // Prefilled from the signed-in shopper's own record (published by mf-account on the bus).
  await page.goto('/checkout');
  const checkout = page.locator('main [data-remote="checkout"]');
  await expect(checkout.getByLabel('First Name')).toHaveValue('Nora');
  await expect(checkout.getByLabel('Email Address')).toHaveValue(email);
  await expect(checkout.getByRole('textbox', { name: 'Street Address', exact: true })).toHaveValue('12 Market Street');
  await expect(checkout.getByLabel('Town/City')).toHaveValue('Springfield');
  await expect(checkout.getByLabel('Post Code')).toHaveValue('62701');
  const orderNumber = await payByCard(page, email);

  await page.goto('/my-account?tab=orders');
  const table = page.getByTestId('orders-table');
  await expect(table.getByRole('rowheader', { name: `#${orderNumber}` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: `#${orderNumber}` })).toContainText('Paid');
});
