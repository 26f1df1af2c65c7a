import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { badge, cents, checkout, dollars, field, fillBilling, fillCard, openCheckout, payButton, products, storedCart } from './support/checkout.ts';

// Checkout in the browser against the real stack: catalogue prices and stock, the checkout
// service, and the local Stripe (PaymentIntents, stand-ins/stripe). No Stripe publishable key is
// configured in the embedded stack, so the page shows its local TEST-MODE card form and confirms
// with the Stripe.js stand-in. Each test buys different products (plenty of stock), so tests
// running in parallel never compete for the same stock.

test.describe('checkout', () => {
  test('a guest pays with 4242 4242 4242 4242 and sees "We are in business"', async ({ page, request }) => {
    const [watch, stool] = await products(request, 0, 2);
    const items = [
      { ...watch!, qun: 2 },
      { ...stool!, qun: 1 },
    ];
    const totalCents = cents(watch!.price) * 2 + cents(stool!.price);
    await openCheckout(page, items);
    await expect(badge(page)).toHaveText('2');

    const summary = checkout(page).getByRole('table');
    await expect(summary.getByRole('row', { name: `${watch!.title} x 2` })).toContainText(dollars(cents(watch!.price) * 2));
    await expect(summary.getByRole('row', { name: `${stool!.title} x 1` })).toContainText(dollars(cents(stool!.price)));
    await expect(summary.getByRole('row', { name: /^Total Quantity/ })).toContainText('3');
    await expect(summary.getByRole('row', { name: /^Subtotal/ })).toContainText(dollars(totalCents));
    await expect(summary.getByRole('row', { name: /^Total \$/ })).toContainText(dollars(totalCents));

    const email = `guest-${Date.now()}@example.com`;
    await fillBilling(page, email);
    await fillCard(page, '4242424242424242');
    await expect(checkout(page).getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(field(page, 'Email')).toHaveValue(email);

    const answer = page.waitForResponse((response) => /\/api\/checkout\/orders\/[^/]+\/payment$/.test(response.url()));
    await expect(payButton(page)).toHaveText(`Pay ${dollars(totalCents)}`);
    await payButton(page).click();
    const paid = (await (await answer).json()) as { email: string; orderNumber: number; totalCents: number };
    expect(paid.totalCents).toBe(totalCents);

    await expect(checkout(page).getByRole('heading', { name: `We are in business, ${email}` })).toBeVisible();
    await expect(checkout(page).getByTestId('order-number')).toHaveText(`#${paid.orderNumber}`);
    await expect(checkout(page).getByTestId('order-total')).toHaveText(dollars(totalCents));
    await expect(badge(page)).toHaveCount(0);
    expect(await storedCart(page)).toEqual([]);

    // The confirmation stays on screen although the cart is now empty (once every reaction to the
    // emptied cart, network included, has run).
    await page.waitForLoadState('networkidle');
    await expect(checkout(page).getByRole('heading', { name: `We are in business, ${email}` })).toBeVisible();
    await expect(checkout(page).getByText('Your cart is empty')).toHaveCount(0);
  });

  test('a declined card (4000 0000 0000 0002) shows the decline and keeps the cart', async ({ page, request }) => {
    const [lamp] = await products(request, 1);
    await openCheckout(page, [{ ...lamp!, qun: 1 }]);
    await fillBilling(page, 'declined@example.com');
    await fillCard(page, '4000000000000002');
    await payButton(page).click();

    const alert = checkout(page).getByRole('alert').filter({ hasText: 'Payment declined' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Your card was declined.');
    await expect(alert).toContainText('your cart is kept');
    await expect(payButton(page)).toBeEnabled();
    await expect(badge(page)).toHaveText('1');
    const cart = (await storedCart(page)) as { id: number; qun: number }[];
    expect(cart.map(({ id, qun }) => ({ id, qun }))).toEqual([{ id: lamp!.id, qun: 1 }]);
    await expect(checkout(page).getByRole('heading', { name: /We are in business/ })).toHaveCount(0);

    // Another card then succeeds: a new attempt, not a replay of the declined one.
    await checkout(page).getByLabel('Card number').fill('');
    await checkout(page).getByLabel('Card number').pressSequentially('5555555555554444');
    await payButton(page).click();
    await expect(checkout(page).getByRole('heading', { name: 'We are in business, declined@example.com' })).toBeVisible();
    expect(await storedCart(page)).toEqual([]);
  });

  test('shows a message under every invalid field, focuses the first and sends nothing', async ({ page, request }) => {
    // Fills and checks a dozen fields, then runs axe on the form: well past 30 s on a busy 2-core machine.
    test.slow();
    const [item] = await products(request, 2);
    await openCheckout(page, [{ ...item!, qun: 1 }]);
    let posted = false;
    page.on('request', (sent) => {
      if (sent.url().includes('/api/checkout/payment-intents') || sent.url().includes('/local-stripe/')) posted = true;
    });
    await expect(checkout(page).getByText('Test mode — no real card is charged')).toBeVisible();
    await payButton(page).click();

    const firstName = checkout(page).getByLabel('First Name');
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('Enter your first name');
    for (const [label, message] of [
      ['Last Name', 'Enter your last name'],
      ['Country', 'Select your country'],
      ['Town/City', 'Enter your town or city'],
      ['Post Code', 'Enter your post code'],
      ['Phone', 'Enter your phone number'],
      ['Email Address', 'Enter your email address'],
      ['Card number', 'Enter your card number'],
      ['Expiry date', 'Enter the expiry date'],
    ] as const) {
      await expect(field(page, label)).toHaveAccessibleDescription(message);
    }
    await expect(checkout(page).getByLabel('Company Name')).toHaveAttribute('aria-invalid', 'false');

    // Messages follow the typing; a bad value is named on blur.
    await firstName.fill('Ada');
    await expect(firstName).toHaveAttribute('aria-invalid', 'false');
    await checkout(page).getByLabel('Email Address').fill('ada@');
    await checkout(page).getByLabel('Email Address').blur();
    await expect(checkout(page).getByLabel('Email Address')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com');

    // A valid billing form with a card that is not a Stripe test card: focus goes to the card.
    await fillBilling(page, 'ada@example.com');
    await fillCard(page, '4111111111111111');
    await payButton(page).click();
    await expect(checkout(page).getByLabel('Card number')).toBeFocused();
    await expect(checkout(page).getByLabel('Card number')).toHaveAccessibleDescription(/use a Stripe test card/);
    expect(posted).toBe(false);

    const axe = await new AxeBuilder({ page }).include('main [data-remote="checkout"]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('a coupon from the cart is checked by the service and the charged total includes it', async ({ page, request }) => {
    const [item] = await products(request, 5);
    const subtotal = cents(item!.price) * 2;
    const discount = Math.floor(subtotal / 10);
    await page.goto('/about');
    await page.evaluate(
      (value) => {
        localStorage.setItem('cart', JSON.stringify(value));
        sessionStorage.setItem('coupon', 'SAVE10');
      },
      [{ ...item!, qun: 2 }],
    );
    await page.goto('/checkout');

    const summary = checkout(page).getByRole('table');
    await expect(summary.getByRole('row', { name: /^Coupon SAVE10/ })).toContainText(`-${dollars(discount)}`);
    await expect(summary.getByRole('row', { name: /^Total \$/ })).toContainText(dollars(subtotal - discount));
    await fillBilling(page, 'coupon@example.com');
    await fillCard(page, '4242424242424242');
    await payButton(page).click();
    await expect(checkout(page).getByRole('heading', { name: 'We are in business, coupon@example.com' })).toBeVisible();
    await expect(checkout(page).getByTestId('order-total')).toHaveText(dollars(subtotal - discount));
    expect(await page.evaluate(() => sessionStorage.getItem('coupon'))).toBeNull();
  });

  test('a double click on Pay charges once', async ({ page, request }) => {
    const [item] = await products(request, 6);
    await openCheckout(page, [{ ...item!, qun: 1 }]);
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/checkout/payment-intents') || sent.url().endsWith('/confirm')) posts.push(sent.url());
    });
    await fillBilling(page, 'twice@example.com');
    await fillCard(page, '4242424242424242');
    await payButton(page).dblclick();
    await expect(checkout(page).getByRole('heading', { name: 'We are in business, twice@example.com' })).toBeVisible();
    // One order, one confirmation of its PaymentIntent.
    expect(posts).toHaveLength(2);
    expect(posts[0]).toMatch(/\/api\/checkout\/payment-intents$/);
  });

  test('an empty cart says so and links to the shop', async ({ page }) => {
    await openCheckout(page, []);
    await expect(checkout(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(checkout(page).getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await checkout(page).getByRole('link', { name: 'Go to Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('the bank payment options explain themselves in tooltips', async ({ page, request }) => {
    const [item] = await products(request, 3);
    await openCheckout(page, [{ ...item!, qun: 1 }]);
    const bank = checkout(page).getByRole('radio', { name: 'Direct Bank Transfer' });
    await expect(bank).toHaveAccessibleDescription(/bank account/);
    const tip = checkout(page)
      .getByRole('tooltip')
      .filter({ hasText: /bank account/ });
    await expect(tip).toBeHidden();
    await bank.focus();
    await expect(tip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    await checkout(page).getByText('Cheque Payment').hover();
    await expect(
      checkout(page)
        .getByRole('tooltip')
        .filter({ hasText: /cheque/ }),
    ).toBeVisible();

    const axe = await new AxeBuilder({ page }).include('main [data-remote="checkout"]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('follows the language switch', async ({ page, request }) => {
    const [item] = await products(request, 4);
    await openCheckout(page, [{ ...item!, qun: 1 }]);
    await page.locator('header').getByRole('button', { name: 'RU', exact: true }).click();
    await expect(checkout(page).getByRole('heading', { level: 1 })).toHaveText('Оформление заказа');
    await expect(checkout(page).getByText('Тестовый режим — деньги с карты не списываются')).toBeVisible();
    await page.locator('header').getByRole('button', { name: 'EN', exact: true }).click();
    await expect(checkout(page).getByRole('heading', { level: 1 })).toHaveText('Checkout');
  });
});
