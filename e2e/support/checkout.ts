import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Puts one product with plenty of stock in the cart (as the cart remote stores it). */
export async function putOneItemInCart(page: Page, request: APIRequestContext): Promise<void> {
  const { products } = (await (await request.get('/api/catalog/products?limit=0&sortBy=id&order=asc')).json()) as {
    products: Array<{ id: number; title: string; price: number; stock: number }>;
  };
  const product = products.filter((p) => p.stock >= 25 && p.price >= 1).at(-10);
  expect(product).toBeTruthy();
  await page.evaluate((item) => localStorage.setItem('cart', JSON.stringify([{ ...item, qun: 1 }])), product);
}

/** On /checkout with the billing details filled: pays with Stripe's 4242 test card; answers the order number. */
export async function payByCard(page: Page, email: string): Promise<number> {
  const checkout = page.locator('main [data-remote="checkout"]');
  await checkout.getByLabel('Card number').pressSequentially('4242424242424242');
  await checkout.getByLabel('Expiry date').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  const answer = page.waitForResponse((response) => response.url().endsWith('/save-stripe-token'));
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  const paid = (await (await answer).json()) as { orderNumber: number };
  await expect(checkout.getByRole('heading', { name: `We are in business, ${email}` })).toBeVisible();
  return paid.orderNumber;
}
