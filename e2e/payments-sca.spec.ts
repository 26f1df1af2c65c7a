import { expect, test, type Page, type Response } from '@playwright/test';
import { checkout, fillBilling, fillCard, openCheckout, payButton, products, storedCart } from './support/checkout.ts';
import { signUp } from './support/shopper.ts';

// Strong Customer Authentication in the browser: the card path is a PaymentIntent created by the
// checkout service, confirmed in the page with the Stripe.js stand-in against the local Stripe,
// whose 3-D Secure test challenge the shopper answers; signed webhooks make an order paid when the
// shopper is gone. Product slots 10-14 of support/checkout.ts are this file's.

const isStart = (response: Response) => response.url().endsWith('/api/checkout/payment-intents') && response.request().method() === 'POST';
const stockOf = async (page: Page, id: number) =>
  ((await (await page.request.get(`/api/catalog/products/${id}?select=stock`, { headers: { 'cache-control': 'no-cache' } })).json()) as { stock: number })
    .stock;
const challenge = (page: Page) => page.getByRole('dialog', { name: '3D Secure test page' });

test.describe('card payments with 3-D Secure', () => {
  test('4000 0027 6000 3184: the challenge opens in the page, "Complete authentication" pays', async ({ page, request }) => {
    const [item] = await products(request, 10);
    await openCheckout(page, [{ ...item!, qun: 1 }]);
    await fillBilling(page, 'sca-complete@example.com');
    await fillCard(page, '4000002760003184');
    await payButton(page).click();
    await expect(challenge(page)).toBeVisible();
    await expect(challenge(page)).toContainText(`$${item!.price.toFixed(2)}`);
    await expect(checkout(page).getByRole('button', { name: 'Authenticating with your bank…' })).toBeDisabled();
    await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
    await expect(checkout(page).getByRole('heading', { name: 'We are in business, sca-complete@example.com' })).toBeVisible();
    await expect(challenge(page)).toHaveCount(0);
    expect(await storedCart(page)).toEqual([]);
  });

  test('"Fail authentication": the bank\'s message, the cart kept, no paid order, the stock back', async ({ page, request }) => {
    const [item] = await products(request, 11);
    const before = await stockOf(page, item!.id);
    await openCheckout(page, [{ ...item!, qun: 2 }]);
    await fillBilling(page, 'sca-fail@example.com');
    await fillCard(page, '4000002760003184');
    const started = page.waitForResponse(isStart);
    await payButton(page).click();
    const { orderId } = (await (await started).json()) as { orderId: string };
    await expect(challenge(page)).toBeVisible();
    expect(await stockOf(page, item!.id)).toBe(before - 2);
    await challenge(page).getByRole('button', { name: 'Fail authentication' }).click();

    const alert = checkout(page).getByTestId('payment-alert');
    await expect(alert).toContainText('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    await expect(alert).toContainText('your cart is kept');
    expect(((await storedCart(page)) as { id: number; qun: number }[]).map(({ id, qun }) => ({ id, qun }))).toEqual([{ id: item!.id, qun: 2 }]);
    expect(await stockOf(page, item!.id)).toBe(before);
    const settled = await page.request.post(`/api/checkout/orders/${orderId}/payment`);
    expect(settled.status()).toBe(402);
    expect(await settled.json()).toMatchObject({ code: 'payment_intent_authentication_failure' });

    // Another card then pays: a new attempt, not the failed one again.
    await checkout(page).getByLabel('Card number').fill('');
    await checkout(page).getByLabel('Card number').pressSequentially('4242424242424242');
    await payButton(page).click();
    await expect(checkout(page).getByRole('heading', { name: 'We are in business, sca-fail@example.com' })).toBeVisible();
  });

  test('4000 0000 0000 9995: the card has insufficient funds, and the cart is kept', async ({ page, request }) => {
    const [item] = await products(request, 12);
    await openCheckout(page, [{ ...item!, qun: 1 }]);
    await fillBilling(page, 'sca-funds@example.com');
    await fillCard(page, '4000000000009995');
    await payButton(page).click();
    const alert = checkout(page).getByRole('alert').filter({ hasText: 'Payment declined' });
    await expect(alert).toContainText('Your card has insufficient funds.');
    await expect(challenge(page)).toHaveCount(0);
    expect(await storedCart(page)).toHaveLength(1);
  });

  test('the shopper closes the tab during the challenge and authenticates afterwards: the webhook makes the order paid, in My Account', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = `sca-later-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    await signUp(page, email, 'Rosa');
    const [item] = await products(request, 13);
    await page.evaluate((value) => localStorage.setItem('cart', JSON.stringify(value)), [{ ...item!, qun: 1 }]);
    await page.goto('/checkout');
    await expect(checkout(page).getByLabel('Email Address')).toHaveValue(email);
    await fillBilling(page, email);
    await fillCard(page, '4000002760003184');
    const started = page.waitForResponse(isStart);
    await payButton(page).click();
    const { orderNumber, clientSecret } = (await (await started).json()) as { orderNumber: number; clientSecret: string };
    await expect(challenge(page)).toBeVisible();
    await page.close();

    // Later, in the banking app: the bank tells Stripe, Stripe tells the shop.
    const intentId = clientSecret.split('_secret_')[0];
    const answered = await request.post(`/local-stripe/authenticate/${intentId}`, { data: { secret: clientSecret, answer: 'complete' } });
    expect(await answered.json()).toMatchObject({ status: 'succeeded' });

    const account = await context.newPage();
    await expect(async () => {
      await account.goto('/my-account?tab=orders');
      const row = account
        .getByTestId('orders-table')
        .getByRole('row')
        .filter({ hasText: `#${orderNumber}` });
      await expect(row).toContainText('Paid', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
  });
});
