import { expect, test } from '@playwright/test';
import { signUp } from './support/shopper.ts';

// The whole journey of a signed-in shopper: sign up, pay by card on the prefilled checkout, and find
// the order under My Account (the checkout service links it to the uid through token sync).

test('a signed-in shopper buys with 4242 on a prefilled checkout and finds the order in My Account', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await signUp(page, email, 'Nora');

  const { products } = (await (await request.get('/api/catalog/products?limit=0&sortBy=id&order=asc')).json()) as {
    products: Array<{ id: number; title: string; price: number; stock: number }>;
  };
  const product = products.filter((p) => p.stock >= 25 && p.price >= 1).at(-10);
  expect(product).toBeTruthy();
  await page.evaluate((item) => localStorage.setItem('cart', JSON.stringify([{ ...item, qun: 1 }])), product);

  await page.goto('/checkout');
  const checkout = page.locator('main [data-remote="checkout"]');
  // Prefilled from the signed-in shopper's own record (published by mf-account on the bus).
  await expect(checkout.getByLabel('First Name')).toHaveValue('Nora');
  await expect(checkout.getByLabel('Email Address')).toHaveValue(email);
  await expect(checkout.getByRole('textbox', { name: 'Street Address', exact: true })).toHaveValue('12 Market Street');
  await expect(checkout.getByLabel('Town/City')).toHaveValue('Springfield');
  await expect(checkout.getByLabel('Post Code')).toHaveValue('62701');

  await checkout.getByLabel('Card number').pressSequentially('4242424242424242');
  await checkout.getByLabel('Expiry date').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  const answer = page.waitForResponse((response) => response.url().endsWith('/save-stripe-token'));
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  const paid = (await (await answer).json()) as { orderNumber: number };
  await expect(checkout.getByRole('heading', { name: `We are in business, ${email}` })).toBeVisible();

  await page.goto('/my-account?tab=orders');
  const table = page.getByTestId('orders-table');
  await expect(table.getByRole('rowheader', { name: `#${paid.orderNumber}` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: `#${paid.orderNumber}` })).toContainText('Paid');
});
