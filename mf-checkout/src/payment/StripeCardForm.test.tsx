/** @jest-environment jsdom */
import '../testing/jsdomGlobals.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { cart, language } from 'shared-events';
import CheckoutPage from '../checkout-page/CheckoutPage.tsx';

// Stripe Elements cannot be reached offline; this stands in for Stripe.js so the real-key code
// path (lazy import, card element, the order's PaymentIntent confirmed with the card) is exercised anyway.
const mockHandlers: Record<string, (event: unknown) => void> = {};
const mockCard = {
  on: jest.fn((event: string, handler: (event: unknown) => void) => {
    mockHandlers[event] = handler;
  }),
  mount: jest.fn(),
  destroy: jest.fn(),
  update: jest.fn(),
  focus: jest.fn(),
};
const mockStripe = {
  elements: jest.fn(() => ({ create: jest.fn(() => mockCard) })),
  confirmCardPayment: jest.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
};
const mockLoadStripe = jest.fn(async () => mockStripe);
jest.mock('@stripe/stripe-js', () => ({ loadStripe: mockLoadStripe }));

let posted: { url: string; body: Record<string, unknown> | null }[] = [];
let settled: { status: number; body: Record<string, unknown> } = {
  status: 200,
  body: { email: 'ada@example.com', orderId: 'order-1', orderNumber: 9, totalCents: 4900, status: 'paid' },
};

beforeEach(() => {
  posted = [];
  mockStripe.confirmCardPayment.mockClear();
  window.scrollTo = jest.fn();
  sessionStorage.clear();
  language.set('en');
  cart.replace([{ id: 5, title: 'Desk Lamp', price: 24.5, stock: 9, thumbnail: '', brand: '', discountPercentage: 0, qun: 2 }]);
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/app-config.json') return { ok: true, status: 200, json: async () => ({ stripePublishableKey: 'pk_test_51AbcDEF0123456789' }) };
    if (init?.method === 'POST') posted.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url === '/api/checkout/payment-intents') {
      return {
        ok: true,
        status: 201,
        json: async () => ({ orderId: 'order-1', orderNumber: 9, totalCents: 4900, currency: 'usd', clientSecret: 'pi_1_secret_abc' }),
      };
    }
    if (url === '/api/checkout/orders/order-1/payment') return { ok: settled.status < 300, status: settled.status, json: async () => settled.body };
    return { ok: false, status: 404, json: async () => ({ message: 'not found' }) };
  }) as unknown as typeof fetch;
});

afterEach(cleanup);

async function renderWithStripe() {
  render(
    <MemoryRouter>
      <CheckoutPage />
    </MemoryRouter>,
  );
  await screen.findByText('Card details');
  await act(async () => {
    await Promise.resolve();
  });
  expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_51AbcDEF0123456789', { locale: 'en' });
  expect(mockCard.mount).toHaveBeenCalled();
}

function fillBilling() {
  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(/^First Name/, 'Ada');
  type(/^Last Name/, 'Lovelace');
  type(/^Country/, 'United Kingdom');
  type(/^Street Address \*?$/, '12 St James Square');
  type(/^Town\/City/, 'London');
  type(/^Post Code/, 'SW1Y 4JH');
  type(/^Phone/, '+44 20 7946 0000');
  type(/^Email Address/, 'ada@example.com');
}

it('uses Stripe Elements when a publishable key is configured, without the test-mode form', async () => {
  await renderWithStripe();
  expect(screen.queryByText('Test mode — no real card is charged')).toBeNull();
  expect(screen.queryByLabelText(/^Card number/)).toBeNull();
});

it('asks for complete card details before anything is sent', async () => {
  await renderWithStripe();
  fillBilling();
  fireEvent.click(screen.getByRole('button', { name: 'Pay $49.00' }));
  expect(screen.getByText('Your card details are incomplete')).toBeTruthy();
  expect(mockCard.focus).toHaveBeenCalled();
  expect(mockStripe.confirmCardPayment).not.toHaveBeenCalled();
  expect(posted).toHaveLength(0);
});

it("confirms the order's PaymentIntent with the card and the billing details, then lets the service settle it", async () => {
  await renderWithStripe();
  act(() => mockHandlers.change?.({ complete: true, error: undefined }));
  fillBilling();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.00' }));
  });
  expect(await screen.findByRole('heading', { name: 'We are in business, ada@example.com' })).toBeTruthy();
  expect(mockStripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_abc', {
    payment_method: {
      card: mockCard,
      billing_details: { name: 'Ada Lovelace', email: 'ada@example.com', address: { line1: '12 St James Square', city: 'London', postal_code: 'SW1Y 4JH' } },
    },
  });
  expect(posted.map((post) => post.url)).toEqual(['/api/checkout/payment-intents', '/api/checkout/orders/order-1/payment']);
  expect(posted[0]!.body).toMatchObject({ email: 'ada@example.com', lines: [{ id: 5, qun: 2 }] });
  expect(posted[0]!.body).not.toHaveProperty('token');
});

it("shows Stripe's own words when the card is refused, as the service confirms them", async () => {
  mockStripe.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card has insufficient funds.' } } as never);
  settled = { status: 402, body: { message: 'Your card has insufficient funds.', code: 'insufficient_funds' } };
  await renderWithStripe();
  act(() => mockHandlers.change?.({ complete: true, error: undefined }));
  fillBilling();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.00' }));
  });
  expect(await screen.findByText('Your card has insufficient funds.')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: /We are in business/ })).toBeNull();
});
