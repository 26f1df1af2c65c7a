/** @jest-environment jsdom */
import '../testing/jsdomGlobals.ts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bus, cart, coupon, language } from 'shared-events';
import { IDEMPOTENCY_STORAGE_KEY } from '../submit/idempotency.ts';
import CheckoutPage from './CheckoutPage.tsx';

const products = [
  { id: 11, title: 'Dive Watch', price: 67.99, stock: 20, thumbnail: '', brand: 'Tide', discountPercentage: 0 },
  { id: 12, title: 'Bar Stool', price: 88, stock: 20, thumbnail: '', brand: 'Oak', discountPercentage: 0 },
];

type Handler = (url: string, init?: RequestInit) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
let calls: { url: string; body: unknown }[] = [];

function serve(handler: Handler) {
  calls = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const raw = init?.body === undefined ? undefined : String(init.body);
    let sent: unknown = raw;
    try {
      sent = raw === undefined ? undefined : JSON.parse(raw);
    } catch {
      // Stripe's form encoding (the local Stripe), kept as text.
    }
    calls.push({ url, body: sent });
    const { status, body } = await handler(url, init);
    return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
  }) as unknown as typeof fetch;
}

/** The local Stripe behind /local-stripe as the Stripe.js stand-in meets it: 3184 asks for authentication, 0002 is declined. */
let authentication: 'complete' | 'fail' | null = null;
function localStripe(url: string, init?: RequestInit): { status: number; body: unknown } | undefined {
  const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
  if (url === '/local-stripe/v1/payment_methods') return { status: 200, body: { id: `pm_${form.get('card[number]')}` } };
  if (url === '/local-stripe/v1/payment_intents/pi_1/confirm') {
    const method = form.get('payment_method') ?? '';
    if (method.endsWith('0002')) {
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
      };
    }
    return { status: 200, body: { id: 'pi_1', amount: 15599, currency: 'usd', status: method.endsWith('3184') ? 'requires_action' : 'succeeded' } };
  }
  if (url === '/local-stripe/authenticate/pi_1') {
    authentication = (JSON.parse(String(init?.body)) as { answer: 'complete' | 'fail' }).answer;
    return { status: 200, body: { id: 'pi_1', status: authentication === 'complete' ? 'succeeded' : 'requires_payment_method' } };
  }
  if (url.startsWith('/local-stripe/v1/payment_intents/pi_1?')) {
    return authentication === 'complete'
      ? { status: 200, body: { id: 'pi_1', amount: 15599, currency: 'usd', status: 'succeeded' } }
      : {
          status: 200,
          body: {
            id: 'pi_1',
            status: 'requires_payment_method',
            last_payment_error: {
              type: 'invalid_request_error',
              code: 'payment_intent_authentication_failure',
              message: 'We are unable to authenticate your payment method.',
            },
          },
        };
  }
  return undefined;
}

const started = { status: 201, body: { orderId: 'o-1', orderNumber: 1042, totalCents: 15599, currency: 'usd', clientSecret: 'pi_1_secret_x' } };
const paid = { status: 200, body: { email: 'ada@example.com', orderId: 'o-1', orderNumber: 1042, totalCents: 14040, status: 'paid' } };
const posts = (url: string) => calls.filter((call) => call.url === url);

const defaults: Handler = (url, init) => {
  const stripe = localStripe(url, init);
  if (stripe) return stripe;
  if (url === '/app-config.json') return { status: 200, body: { firebase: {} } };
  if (url === '/api/checkout/coupons/validate') {
    return { status: 200, body: { valid: true, code: 'SAVE10', discountCents: 1559, message: 'SAVE10 applied', subtotalCents: 15599 } };
  }
  return { status: 404, body: { message: 'not found' } };
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/checkout']}>
      <CheckoutPage />
    </MemoryRouter>,
  );
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

function fillBilling() {
  type(/^First Name/, 'Ada');
  type(/^Last Name/, 'Lovelace');
  fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: 'United Kingdom' } });
  type(/^Street Address \*?$/, '12 St James Square');
  type(/^Town\/City/, 'London');
  type(/^Post Code/, 'SW1Y 4JH');
  type(/^Phone/, '+44 20 7946 0000');
  type(/^Email Address/, 'ada@example.com');
}

function fillCard(number = '4242 4242 4242 4242') {
  type(/^Card number/, number);
  type(/^Expiry date/, '12/34');
  type(/^CVC/, '123');
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$/ });

beforeEach(() => {
  window.scrollTo = jest.fn();
  localStorage.clear();
  sessionStorage.clear();
  coupon.clear();
  authentication = null;
  language.set('en');
  cart.replace(products.map((product) => ({ ...product, qun: 1 })));
  serve(defaults);
});

afterEach(cleanup);

it('keeps the data attributes the shell and the tests rely on', async () => {
  renderPage();
  const root = document.querySelector('[data-remote="checkout"]');
  expect(root?.getAttribute('data-bus-id')).toBe(bus.instanceId);
  await screen.findByText('Test mode — no real card is charged');
});

it('shows an empty cart with a way to the shop', () => {
  cart.clear();
  renderPage();
  expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to Shop' }).getAttribute('href')).toBe('/shop');
});

it('summarises the order with "title x qun" lines and totals', async () => {
  renderPage();
  const table = screen.getByRole('table');
  expect(within(table).getByText('Dive Watch x 1')).toBeTruthy();
  expect(within(table).getByText('Bar Stool x 1')).toBeTruthy();
  expect(within(table).getByRole('row', { name: /Total Quantity 2/ })).toBeTruthy();
  expect(within(table).getByRole('row', { name: /Subtotal \$155\.99/ })).toBeTruthy();
  expect(within(table).getByRole('row', { name: /^Total \$155\.99/ })).toBeTruthy();
  await screen.findByRole('button', { name: 'Pay $155.99' });
});

it('applies a coupon only once the service accepts it', async () => {
  coupon.apply('save10');
  renderPage();
  expect(await screen.findByRole('row', { name: /Coupon SAVE10 -\$15\.59/ })).toBeTruthy();
  expect(screen.getByRole('row', { name: /^Total \$140\.40/ })).toBeTruthy();
  expect(calls.find((call) => call.url === '/api/checkout/coupons/validate')?.body).toEqual({
    code: 'SAVE10',
    lines: [
      { id: 11, qun: 1 },
      { id: 12, qun: 1 },
    ],
  });
});

it('shows every billing message, links it to its field, focuses the first, and sends nothing', async () => {
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  fireEvent.click(payButton());
  const firstName = field(/^First Name/);
  expect(firstName.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter your first name');
  expect(document.activeElement).toBe(firstName);
  expect(screen.getByText('Enter your post code')).toBeTruthy();
  expect(screen.getByText('Enter your card number')).toBeTruthy();
  expect(calls.some((call) => call.url.startsWith('/api/checkout/payment-intents') || call.url.startsWith('/local-stripe'))).toBe(false);

  // A message follows the typing once it is shown.
  type(/^First Name/, 'Ada');
  expect(field(/^First Name/).getAttribute('aria-invalid')).toBe('false');
});

it('validates a field on blur once it has been edited', async () => {
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  const email = field(/^Email Address/);
  fireEvent.blur(email);
  expect(email.getAttribute('aria-invalid')).toBe('false');
  type(/^Email Address/, 'ada@');
  fireEvent.blur(email);
  expect(email.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Enter a valid email address, like name@example.com')).toBeTruthy();
});

it('moves focus to the card when only the card is wrong, and asks for a Stripe test card', async () => {
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  fillBilling();
  fillCard('4111 1111 1111 1111');
  fireEvent.click(payButton());
  expect(document.activeElement).toBe(field(/^Card number/));
  expect(screen.getByText(/use a Stripe test card such as 4242/)).toBeTruthy();
  expect(calls.some((call) => call.url.startsWith('/api/checkout/payment-intents') || call.url.startsWith('/local-stripe'))).toBe(false);
});

it('pays, shows the confirmation with the service’s number and total, and empties the cart', async () => {
  coupon.apply('SAVE10');
  serve((url, init) => (url === '/api/checkout/payment-intents' ? started : url === '/api/checkout/orders/o-1/payment' ? paid : defaults(url, init)));
  renderPage();
  await screen.findByRole('row', { name: /Coupon SAVE10/ });
  fillBilling();
  fillCard();
  await act(async () => {
    fireEvent.click(payButton());
  });
  expect(await screen.findByRole('heading', { name: 'We are in business, ada@example.com' })).toBeTruthy();
  expect(screen.getByTestId('order-number').textContent).toBe('#1042');
  expect(screen.getByTestId('order-total').textContent).toBe('$140.40');

  const sent = posts('/api/checkout/payment-intents')[0]?.body as Record<string, unknown>;
  expect(sent).toMatchObject({
    email: 'ada@example.com',
    lines: [
      { id: 11, qun: 1 },
      { id: 12, qun: 1 },
    ],
    billing: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United Kingdom',
      street: '12 St James Square',
      city: 'London',
      postCode: 'SW1Y 4JH',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
    },
    couponCode: 'SAVE10',
  });
  expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  // The card goes to Stripe only, never to the shop's service.
  expect(JSON.stringify(sent)).not.toContain('4242424242424242');
  expect(String(posts('/local-stripe/v1/payment_methods')[0]?.body)).toContain('card%5Bnumber%5D=4242424242424242');
  expect(posts('/api/checkout/orders/o-1/payment')).toHaveLength(1);
  expect(cart.items).toEqual([]);
  expect(sessionStorage.getItem('coupon')).toBeNull();
  expect(sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)).toBeNull();
});

it('shows a decline, keeps the cart, and uses a new key for the next attempt', async () => {
  serve((url, init) =>
    url === '/api/checkout/payment-intents'
      ? started
      : url === '/api/checkout/orders/o-1/payment'
        ? { status: 402, body: { message: 'Your card was declined.', code: 'generic_decline' } }
        : defaults(url, init),
  );
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  fillBilling();
  fillCard('4000 0000 0000 0002');
  await act(async () => {
    fireEvent.click(payButton());
  });
  const alert = await screen.findByText('Payment declined');
  expect(alert.closest('[role="alert"]')?.textContent).toContain('Your card was declined.');
  expect(cart.items).toHaveLength(2);
  expect(sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)).toBeNull();

  await act(async () => {
    fireEvent.click(payButton());
  });
  const keys = posts('/api/checkout/payment-intents').map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe(keys[1]);
});

it('retries a lost answer with the same key, and never sends twice at once', async () => {
  let attempt = 0;
  let release: () => void = () => undefined;
  serve(async (url, init) => {
    if (url === '/api/checkout/orders/o-1/payment') return paid;
    if (url !== '/api/checkout/payment-intents') return defaults(url, init);
    attempt += 1;
    if (attempt === 1) return { status: 502, body: null };
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return started;
  });
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  fillBilling();
  fillCard();
  await act(async () => {
    fireEvent.click(payButton());
  });
  expect(await screen.findByText('Payment service unavailable')).toBeTruthy();
  expect(sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)).not.toBeNull();

  await act(async () => {
    fireEvent.click(payButton());
  });
  // Paying: the button is disabled and a second click sends nothing.
  const busy = screen.getByRole('button', { name: /Processing payment/ }) as HTMLButtonElement;
  expect(busy.disabled).toBe(true);
  fireEvent.click(busy);
  fireEvent.submit(busy.closest('form')!);
  await act(async () => {
    release();
  });
  await screen.findByRole('heading', { name: 'We are in business, ada@example.com' });

  const sent = posts('/api/checkout/payment-intents').map((call) => call.body as { idempotencyKey: string });
  expect(sent).toHaveLength(2);
  expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
});

it.each([
  ['Complete authentication', 'pays'],
  ['Fail authentication', "shows the bank's refusal and keeps the cart"],
] as const)('a card that asks for 3-D Secure: "%s" %s', async (answer, _what) => {
  serve((url, init) => {
    if (url === '/api/checkout/payment-intents') return started;
    if (url === '/api/checkout/orders/o-1/payment') {
      return authentication === 'complete'
        ? paid
        : { status: 402, body: { message: 'We are unable to authenticate your payment method.', code: 'payment_intent_authentication_failure' } };
    }
    return defaults(url, init);
  });
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  fillBilling();
  fillCard('4000 0027 6000 3184');
  await act(async () => {
    fireEvent.click(payButton());
  });
  const challenge = await screen.findByRole('dialog', { name: '3D Secure test page' });
  expect(challenge.textContent).toContain('$155.99');
  expect(screen.getByRole('button', { name: 'Authenticating with your bank…' })).toBeTruthy();
  await act(async () => {
    fireEvent.click(within(challenge).getByRole('button', { name: answer }));
  });
  if (answer === 'Complete authentication') {
    expect(await screen.findByRole('heading', { name: 'We are in business, ada@example.com' })).toBeTruthy();
    expect(cart.items).toEqual([]);
  } else {
    expect((await screen.findByTestId('payment-alert')).textContent).toContain('We are unable to authenticate your payment method.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cart.items).toHaveLength(2);
  }
});

it('prefills first name and email for a signed-in shopper, without overwriting typing', async () => {
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  type(/^First Name/, 'Annie');
  act(() => {
    bus.publish({ type: 'auth:changed', v: 1, user: { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' } });
  });
  expect(field(/^First Name/).value).toBe('Annie');
  expect(field(/^Email Address/).value).toBe('ann@example.com');
  expect(field(/^Email \*?$/).value).toBe('ann@example.com');
  act(() => {
    bus.publish({ type: 'auth:changed', v: 1, user: null });
  });
});

it('switches language live', async () => {
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout');
  act(() => language.set('ru'));
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Оформление заказа');
  expect(screen.getByText('Платёжные данные')).toBeTruthy();
  act(() => language.set('en'));
});

it('explains that bank transfer and cheque cannot be placed online, with tooltips described', async () => {
  renderPage();
  await screen.findByText('Test mode — no real card is charged');
  const bank = screen.getByRole('radio', { name: 'Direct Bank Transfer' });
  const tip = document.getElementById(bank.getAttribute('aria-describedby') ?? '');
  expect(tip?.getAttribute('role')).toBe('tooltip');
  expect(tip?.textContent).toMatch(/bank account/);
  fireEvent.focus(bank);
  expect(tip?.className).toMatch(/tipOpen/);
  fireEvent.keyDown(bank, { key: 'Escape' });
  expect(tip?.className).not.toMatch(/tipOpen/);
  fireEvent.click(bank);
  expect(screen.getByText(/cannot be placed online yet/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
  expect((screen.getByRole('radio', { name: 'Credit or debit card' }) as HTMLInputElement).checked).toBe(true);
});
