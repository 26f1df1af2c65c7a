/** @jest-environment jsdom */
import '../testing/jsdomGlobals.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { cart, language } from 'shared-events';
import CheckoutPage from './CheckoutPage.tsx';

// The code that pays is not part of the page's first load: it comes in a chunk of its own, fetched
// once paying is possible, which a shopper's connection can fail to bring. A Pay click then says
// the payment service could not be reached, sends nothing, and the next click pays. (A module a
// test loaded stays loaded for its file: one test per file.)
let mockOffline = false;
jest.mock('../submit/placeOrder.ts', () => {
  if (mockOffline) throw new Error('Loading chunk failed');
  return jest.requireActual<object>('../submit/placeOrder.ts');
});

let posted: string[] = [];

beforeEach(() => {
  window.scrollTo = jest.fn();
  language.set('en');
  cart.replace([{ id: 11, title: 'Dive Watch', price: 67.99, stock: 20, thumbnail: '', brand: 'Tide', discountPercentage: 0, qun: 1 }]);
  posted = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') posted.push(url);
    const config = url === '/app-config.json';
    return { ok: config, status: config ? 200 : 404, json: async () => (config ? { firebase: {} } : { message: 'not found' }) } as Response;
  }) as unknown as typeof fetch;
});

afterEach(cleanup);

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

it('says a Pay click could not reach the payment service, sending nothing, when the code that pays cannot arrive', async () => {
  mockOffline = true;
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <CheckoutPage />
    </MemoryRouter>,
  );
  await screen.findByText('Test mode — no real card is charged');
  type(/^First Name/, 'Ada');
  type(/^Last Name/, 'Lovelace');
  fireEvent.change(screen.getByLabelText(/^Country/), { target: { value: 'United Kingdom' } });
  type(/^Street Address \*?$/, '12 St James Square');
  type(/^Town\/City/, 'London');
  type(/^Post Code/, 'SW1Y 4JH');
  type(/^Phone/, '+44 20 7946 0000');
  type(/^Email Address/, 'ada@example.com');
  type(/^Card number/, '4242 4242 4242 4242');
  type(/^Expiry date/, '12/34');
  type(/^CVC/, '123');
  const pay = () => fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
  pay();
  const alert = screen.getByTestId('payment-alert');
  expect(await within(alert).findByText('Payment service unavailable')).toBeTruthy();
  expect(within(alert).getByText('Please try again in a moment.')).toBeTruthy();
  expect(posted).toEqual([]);

  mockOffline = false;
  pay();
  // The stub service refuses the order: what matters is that it was asked.
  await within(alert).findByText('The order could not be placed');
  expect(posted).toEqual(['/api/checkout/payment-intents']);
});
