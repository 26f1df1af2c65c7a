import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { checkout, fillBilling, fillCard, openCheckout, payButton, storedCart, type Product } from './support/checkout.ts';

// Checkout when something behind it fails: the catalogue or the payment server down (the checkout
// service's own 503 answers, exactly as it sends them), or the checkout service unreachable. The
// shopper sees a clear message and keeps the cart; nothing is shown as paid. The service side of
// the same faults, with real processes, is mf-checkout/server/orders/concurrency.reliability.test.ts.

async function product(request: APIRequestContext): Promise<Product> {
  const response = await request.get('/api/catalog/products?limit=40&sortBy=rating&order=desc');
  const { products } = (await response.json()) as { products: Product[] };
  const found = products.find((p) => p.stock >= 5 && p.price >= 1);
  expect(found).toBeDefined();
  return found!;
}

async function fillAndPay(page: Page, item: Product) {
  await openCheckout(page, [{ ...item, qun: 2 }]);
  await fillBilling(page, 'faults@example.com');
  await fillCard(page, '4242424242424242');
  await payButton(page).click();
}

async function expectCartKept(page: Page, item: Product) {
  await expect(checkout(page).getByRole('heading', { name: /We are in business/ })).toHaveCount(0);
  const kept = () => storedCart(page).then((cart) => (cart as { id: number; qun: number }[] | null)?.map(({ id, qun }) => ({ id, qun })));
  expect(await kept()).toEqual([{ id: item.id, qun: 2 }]);
  // The badge counts cart lines (one line, two of the item).
  await expect(page.locator('header [data-remote="cart"]').getByTestId('cart-badge')).toHaveText('1');
  await expect(payButton(page)).toBeEnabled();
  // Still the checkout after a reload: nothing was lost.
  await page.reload();
  expect(await kept()).toEqual([{ id: item.id, qun: 2 }]);
}

const serviceAnswers = {
  catalogue: {
    code: 'catalog_unavailable',
    message: 'Our catalogue is unavailable right now, so the order could not be placed. You have not been charged; please try again in a moment.',
  },
  payment: {
    code: 'payment_unavailable',
    message: 'The payment service is unavailable right now. You have not been charged; please try again in a moment.',
  },
};

test.describe('checkout faults keep the cart', () => {
  for (const [what, body] of Object.entries(serviceAnswers)) {
    test(`${what} down: the service's 503 message is shown and the cart is kept`, async ({ page, request }) => {
      const item = await product(request);
      let posted = 0;
      await page.route('**/api/checkout/payment-intents', (route: Route) => {
        posted++;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(body) });
      });
      await fillAndPay(page, item);
      const alert = checkout(page).getByRole('alert').filter({ hasText: body.message });
      await expect(alert).toBeVisible();
      expect(posted).toBe(1);
      await expectCartKept(page, item);
    });
  }

  test('checkout service unreachable: a clear message, retry is safe, the cart is kept', async ({ page, request }) => {
    const item = await product(request);
    await page.route('**/api/checkout/payment-intents', (route: Route) => route.abort('connectionrefused'));
    await fillAndPay(page, item);
    const alert = checkout(page)
      .getByRole('alert')
      .filter({ hasText: /payment/i });
    await expect(alert).toBeVisible();
    await expect(alert).not.toBeEmpty();
    await expectCartKept(page, item);
  });
});
