import { expect, type APIRequestContext, type Page } from '@playwright/test';

// The checkout page as the browser tests drive it: catalogue products with plenty of stock, the
// billing form, the test-mode card form.

export type Product = { id: number; title: string; price: number; stock: number } & Record<string, unknown>;

let catalogue: Product[] | undefined;

/** `count` catalogue products with plenty of stock, starting at `slot` (one slot per test). */
export async function products(request: APIRequestContext, slot: number, count = 1): Promise<Product[]> {
  if (!catalogue) {
    const response = await request.get('/api/catalog/products?limit=0&sortBy=id&order=asc');
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { products: Product[] };
    catalogue = body.products.filter((product) => product.stock >= 25 && product.price >= 1).sort((a, b) => a.id - b.id);
  }
  // From the end of the list: other suites tend to pick the first products.
  const start = catalogue.length - (slot + 1) * 3;
  const picked = catalogue.slice(start, start + count);
  expect(picked).toHaveLength(count);
  return picked;
}

export const cents = (dollars: number) => Math.round(dollars * 100);
export const dollars = (value: number) => `$${(value / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export async function openCheckout(page: Page, items: unknown[]) {
  await page.goto('/about');
  await page.evaluate((value) => {
    localStorage.setItem('cart', JSON.stringify(value));
    sessionStorage.removeItem('coupon');
  }, items);
  await page.goto('/checkout');
  await expect(checkout(page).getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

export const checkout = (page: Page) => page.locator('main [data-remote="checkout"]');
export const badge = (page: Page) => page.locator('header [data-remote="cart"]').getByTestId('cart-badge');
export const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null') as unknown[] | null);
/** A control by its exact label; required labels end in a "*" mark that is hidden from screen readers. */
export const field = (page: Page, label: string) => checkout(page).getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\s*\\*)?$`));
export const payButton = (page: Page) => checkout(page).getByRole('button', { name: /^Pay \$/ });

export async function fillBilling(page: Page, email: string) {
  const form = checkout(page);
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await form.getByRole('textbox', { name: 'Street Address', exact: true }).fill('12 St James Square');
  await form.getByLabel('Town/City').fill('London');
  await form.getByLabel('Post Code').fill('SW1Y 4JH');
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await form.getByLabel('Email Address').fill(email);
}

export async function fillCard(page: Page, number: string) {
  const form = checkout(page);
  await expect(form.getByText('Test mode — no real card is charged')).toBeVisible();
  await form.getByLabel('Card number').pressSequentially(number);
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('CVC').fill('123');
}

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
  // A signed-in shopper's address arrives with their account record (mf-account publishes it), which
  // on a busy machine can come after the card is typed: pay once the billing details are there.
  await expect(checkout.getByRole('textbox', { name: 'Street Address', exact: true })).not.toHaveValue('', { timeout: 30_000 });
  await checkout.getByLabel('Card number').pressSequentially('4242424242424242');
  await checkout.getByLabel('Expiry date').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  const answer = page.waitForResponse((response) => /\/api\/checkout\/orders\/[^/]+\/payment$/.test(response.url()));
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  const paid = (await (await answer).json()) as { orderNumber: number };
  await expect(checkout.getByRole('heading', { name: `We are in business, ${email}` })).toBeVisible();
  return paid.orderNumber;
}
