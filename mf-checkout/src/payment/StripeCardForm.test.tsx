/** @jest-environment jsdom */
import '../testing/jsdomGlobals.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { cart, language } from 'shared-events';
import CheckoutPage from '../checkout-page/CheckoutPage.tsx';

// Stripe Elements cannot be reached offline; this stands in for Stripe.js so the real-key code
// path (lazy import, card element, createToken, POST) is exercised anyway.
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
  createToken: jest.fn(async () => ({ token: { id: 'tok_1QxYz', object: 'token', card: { last4: '4242' } } })),
};
const mockLoadStripe = jest.fn(async () => mockStripe);
jest.mock('@stripe/stripe-js', () => ({ loadStripe: mockLoadStripe }));

let posted: Record<string, unknown>[] = [];

beforeEach(() => {
  posted = [];
  window.scrollTo = jest.fn();
  sessionStorage.clear();
  language.set('en');
  cart.replace([{ id: 5, title: 'Desk Lamp', price: 24.5, stock: 9, thumbnail: '', brand: '', discountPercentage: 0, qun: 2 }]);
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/app-config.json') return { ok: true, status: 200, json: async () => ({ stripePublishableKey: 'pk_test_51AbcDEF0123456789' }) };
    if (url === '/save-stripe-token') {
      posted.push(JSON.parse(String(init?.body)));
      return { ok: true, status: 200, json: async () => ({ email: 'ada@example.com', orderId: 'o', orderNumber: 9, totalCents: 4900, status: 'paid' }) };
    }
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

it('asks for complete card details before tokenising', async () => {
  await renderWithStripe();
  fillBilling();
  fireEvent.click(screen.getByRole('button', { name: 'Pay $49.00' }));
  expect(screen.getByText('Your card details are incomplete')).toBeTruthy();
  expect(mockCard.focus).toHaveBeenCalled();
  expect(mockStripe.createToken).not.toHaveBeenCalled();
});

it('tokenises the card with the billing address and posts the token', async () => {
  await renderWithStripe();
  act(() => mockHandlers.change?.({ complete: true, error: undefined }));
  fillBilling();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.00' }));
  });
  expect(await screen.findByRole('heading', { name: 'We are in business, ada@example.com' })).toBeTruthy();
  expect(mockStripe.createToken).toHaveBeenCalledWith(mockCard, {
    name: 'Ada Lovelace',
    address_line1: '12 St James Square',
    address_city: 'London',
    address_zip: 'SW1Y 4JH',
  });
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({ token: { id: 'tok_1QxYz' }, email: 'ada@example.com', lines: [{ id: 5, qun: 2 }] });
});

it('shows Stripe’s own message when the card is refused at tokenisation', async () => {
  mockStripe.createToken.mockResolvedValueOnce({ error: { message: 'Your card number is incorrect.' } } as never);
  await renderWithStripe();
  act(() => mockHandlers.change?.({ complete: true, error: undefined }));
  fillBilling();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.00' }));
  });
  expect(await screen.findByText('Your card number is incorrect.')).toBeTruthy();
  expect(posted).toHaveLength(0);
});
