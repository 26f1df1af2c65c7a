/** @jest-environment jsdom */
import '../testing/jsdomGlobals.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { cart, language } from 'shared-events';
import CheckoutPage from './CheckoutPage.tsx';

// The card form is not part of the page's first load: its code comes in a chunk of its own, which a
// shopper's connection can fail to bring. The page takes the billing details meanwhile, says so,
// and recovers. (A module a test loaded stays loaded for its file: one test per file.)
let mockOffline = false;
jest.mock('../payment/TestCardForm.tsx', () => {
  if (mockOffline) throw new Error('Loading chunk failed');
  return jest.requireActual<object>('../payment/TestCardForm.tsx');
});

beforeEach(() => {
  language.set('en');
  cart.replace([{ id: 11, title: 'Dive Watch', price: 67.99, stock: 20, thumbnail: '', brand: 'Tide', discountPercentage: 0, qun: 1 }]);
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ firebase: {} }) }) as Response) as unknown as typeof fetch;
});

afterEach(cleanup);

it('takes the billing details while the card form loads, and offers a retry when it cannot', async () => {
  mockOffline = true;
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <CheckoutPage />
    </MemoryRouter>,
  );
  const first = screen.getByLabelText(/^First Name/) as HTMLInputElement;
  fireEvent.change(first, { target: { value: 'Ada' } });
  expect(first.value).toBe('Ada');
  const retry = await screen.findByRole('button', { name: 'Try again' });
  expect(screen.getByText(/Card payment could not be loaded\./)).toBeTruthy();
  mockOffline = false;
  fireEvent.click(retry);
  expect(await screen.findByText('Test mode — no real card is charged')).toBeTruthy();
  expect(first.value).toBe('Ada');
});
