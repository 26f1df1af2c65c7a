import '../testing/polyfills.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bus, cart, coupon, language } from 'shared-events';
import { item, resetShared, seedCart, storedCart } from '../testing/cart.ts';
import { fakeCheckoutRemote, fakeFederationRuntime } from '../testing/checkoutRemote.ts';
import CartPage from './CartPage.tsx';

const mockCheckout = fakeCheckoutRemote();
// Read at call time: jest hoists the mock above the line that makes mockCheckout.
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: (finder: Parameters<ReturnType<typeof fakeFederationRuntime>['getInstance']>[0]) => fakeFederationRuntime(mockCheckout).getInstance(finder),
}));

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/cart-list']}>
      <CartPage />
    </MemoryRouter>,
  );
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  resetShared();
  jest.useRealTimers();
  mockCheckout.state = 'loads';
  mockCheckout.answer = { kind: 'rejected', code: '', message: '' };
  mockCheckout.checkCoupon.mockClear();
  mockCheckout.loaded.length = 0;
});

describe('CartPage', () => {
  it('marks its root as the cart remote on the shared bus', () => {
    const { container } = renderPage();
    expect(container.querySelector('[data-remote="cart"]')?.getAttribute('data-bus-id')).toBe(bus.instanceId);
  });

  it('shows the empty state with a link to the shop', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Shop' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists each item in a real table with column headers', () => {
    seedCart([item({ id: 4, title: 'Leather Tote', price: 19.99, qun: 2 }), item({ id: 7, title: 'Desk Lamp', price: 0.1, qun: 3, stock: 10 })]);
    renderPage();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Product', 'Price', 'Quantity', 'Subtotal']);
    expect(rows()).toHaveLength(2);
    const first = rows()[0]!;
    expect(within(first).getByRole('link', { name: 'Leather Tote' }).getAttribute('href')).toBe('/shop/4');
    within(first).getByRole('button', { name: 'Remove Leather Tote from cart' });
    const image = first.querySelector('img');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['72', '72']);
    expect(first.textContent).toContain('$19.99');
    expect(within(first).getByTestId('cart-line-subtotal').textContent).toBe('$39.98');
    expect(within(rows()[1]!).getByTestId('cart-line-subtotal').textContent).toBe('$0.30');
    // Every cell carries its column name, for the stacked layout on small screens.
    expect([...first.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'))).toEqual(['Product', 'Price', 'Quantity', 'Subtotal']);
  });

  it('shows Total Quantity (sum of qun) and Total (integer cents)', () => {
    seedCart([item({ id: 1, price: 0.1, qun: 3, stock: 9 }), item({ id: 2, price: 0.2, qun: 1 }), item({ id: 3, price: 19.99, qun: 2 })]);
    renderPage();
    expect(screen.getByTestId('cart-total-quantity').textContent).toBe('6');
    expect(screen.getByTestId('cart-total').textContent).toBe('$40.48');
    expect(screen.getByRole('link', { name: /Proceed to Checkout/ }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByText('You have 3 items in your cart.')).toBeTruthy();
  });

  it('disables decrement at 1 and increment at stock, and steps within the bounds', () => {
    seedCart([item({ id: 1, title: 'Leather Tote', qun: 1, stock: 3 })]);
    renderPage();
    const decrease = () => button('Decrease quantity of Leather Tote');
    const increase = () => button('Increase quantity of Leather Tote');
    expect(decrease().disabled).toBe(true);
    expect(increase().disabled).toBe(false);

    fireEvent.click(increase());
    expect(screen.getByTestId('cart-qty').textContent).toBe('2');
    expect(decrease().disabled).toBe(false);
    increase().focus();
    fireEvent.click(increase());
    expect(screen.getByTestId('cart-qty').textContent).toBe('3');
    expect(increase().disabled).toBe(true);
    expect(screen.getByText('Only 3 in stock')).toBeTruthy();
    // The disabled button cannot keep focus; it moves to its partner.
    expect(document.activeElement).toBe(decrease());
    fireEvent.click(increase());
    expect(cart.items[0]?.qun).toBe(3);

    expect(screen.getByTestId('cart-total').textContent).toBe('$59.97');
    expect(storedCart()).toEqual([expect.objectContaining({ id: 1, qun: 3 })]);

    fireEvent.click(decrease());
    fireEvent.click(decrease());
    expect(cart.items[0]?.qun).toBe(1);
    expect(decrease().disabled).toBe(true);
  });

  it('has both steppers disabled when stock is 1', () => {
    seedCart([item({ id: 1, title: 'Last One', qun: 1, stock: 1 })]);
    renderPage();
    expect(button('Decrease quantity of Last One').disabled).toBe(true);
    expect(button('Increase quantity of Last One').disabled).toBe(true);
  });

  it('removes a line by position and moves focus to the next line, then to the empty state', () => {
    seedCart([item({ id: 1, title: 'Leather Tote' }), item({ id: 2, title: 'Desk Lamp', price: 5 })]);
    renderPage();
    fireEvent.click(button('Remove Leather Tote from cart'));
    expect(rows()).toHaveLength(1);
    expect(storedCart()).toEqual([expect.objectContaining({ id: 2 })]);
    expect(document.activeElement).toBe(button('Remove Desk Lamp from cart'));
    expect(screen.getByTestId('cart-total').textContent).toBe('$5.00');

    fireEvent.click(button('Remove Desk Lamp from cart'));
    const empty = screen.getByRole('heading', { name: 'Your cart is empty' });
    expect(document.activeElement).toBe(empty);
    expect(storedCart()).toEqual([]);
  });

  it('follows changes made elsewhere (the mini-cart, the catalogue, another tab)', () => {
    seedCart([item({ id: 1, title: 'Leather Tote' })]);
    renderPage();
    act(() => {
      cart.add({ id: 8, title: 'Oak Stool', price: 45, stock: 4 }, 'catalog/product-page');
    });
    expect(rows()).toHaveLength(2);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: JSON.stringify([item({ id: 5, title: 'From Another Tab', qun: 2 })]) }));
    });
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'From Another Tab' })).toBeTruthy();
  });

  it('Update Cart re-reads the stored cart, repairing what is damaged, and says so', () => {
    seedCart([item({ id: 1, title: 'Leather Tote' })]);
    renderPage();
    localStorage.setItem('cart', JSON.stringify([item({ id: 3, title: 'Edited Elsewhere', qun: 40, stock: 6 }), { junk: true }]));
    fireEvent.click(button('Update Cart'));
    expect(screen.getByRole('link', { name: 'Edited Elsewhere' })).toBeTruthy();
    expect(screen.getByTestId('cart-qty').textContent).toBe('6');
    expect(screen.getByText('Cart updated')).toBeTruthy();

    localStorage.setItem('cart', '{not json');
    fireEvent.click(button('Update Cart'));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(storedCart()).toEqual([]);
  });

  it("applies a coupon through the checkout remote's client, remembers it for checkout and takes it off the Total", async () => {
    mockCheckout.answer = { kind: 'accepted', code: 'SAVE10', discountCents: 400, message: 'SAVE10 applied: 10% off your order (-$4.00)', subtotalCents: 4000 };
    seedCart([item({ id: 3, price: 20, qun: 2 })]);
    renderPage();
    expect(mockCheckout.loaded).toEqual([]);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: ' save10 ' } });
    fireEvent.click(button('Apply Coupon'));
    await settle();
    expect(mockCheckout.loaded).toEqual(['checkout/couponClient']);
    const [code, lines] = mockCheckout.checkCoupon.mock.calls[0]!;
    expect([code, lines.map(({ id, qun }) => ({ id, qun }))]).toEqual([' save10 ', [{ id: 3, qun: 2 }]]);
    expect(screen.getByText('SAVE10 applied: 10% off your order (-$4.00)')).toBeTruthy();
    expect(sessionStorage.getItem('coupon')).toBe('SAVE10');
    expect(screen.getByTestId('cart-total').textContent).toBe('$36.00');
    expect(screen.getByText('Coupon SAVE10')).toBeTruthy();

    fireEvent.click(button('Remove coupon SAVE10'));
    expect(sessionStorage.getItem('coupon')).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('$40.00');
  });

  it('shows the service message for a refused coupon and stores nothing', async () => {
    mockCheckout.answer = { kind: 'rejected', code: 'NOPE', message: 'Coupon code "NOPE" is not valid' };
    seedCart([item()]);
    renderPage();
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'nope' } });
    fireEvent.click(button('Apply Coupon'));
    await settle();
    expect(screen.getByText('Coupon code "NOPE" is not valid')).toBeTruthy();
    expect(sessionStorage.getItem('coupon')).toBeNull();
  });

  it('says clearly when the coupon service cannot be reached, and asks for a code when there is none', async () => {
    mockCheckout.answer = { kind: 'unavailable' };
    seedCart([item()]);
    renderPage();
    fireEvent.click(button('Apply Coupon'));
    expect(screen.getByText('Enter a coupon code')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SAVE10' } });
    fireEvent.click(button('Apply Coupon'));
    await settle();
    expect(screen.getByText(/checkout service is unavailable/)).toBeTruthy();
    expect(sessionStorage.getItem('coupon')).toBeNull();
  });

  it.each([
    ['its remote does not load', 'fails'],
    ['no remote on the page is the checkout', 'unknown'],
  ] as const)('says the checkout service is unavailable when %s, and the page keeps working', async (_, state) => {
    mockCheckout.state = state;
    seedCart([item({ id: 1, title: 'Oak Stool', qun: 1, stock: 5 })]);
    renderPage();
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SAVE10' } });
    fireEvent.click(button('Apply Coupon'));
    await settle();
    expect(screen.getByText(/checkout service is unavailable/)).toBeTruthy();
    expect(mockCheckout.checkCoupon).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('coupon')).toBeNull();
    fireEvent.click(button('Increase quantity of Oak Stool'));
    expect(storedCart()).toMatchObject([{ qun: 2 }]);

    mockCheckout.state = 'loads';
    mockCheckout.answer = { kind: 'accepted', code: 'SAVE10', discountCents: 100, message: 'SAVE10 applied', subtotalCents: null };
    fireEvent.click(button('Apply Coupon'));
    await settle();
    expect(screen.getByText('SAVE10 applied')).toBeTruthy();
  });

  it('re-checks a remembered coupon against the cart and drops it when it no longer applies', async () => {
    jest.useFakeTimers();
    coupon.apply('WELCOME5');
    mockCheckout.answer = { kind: 'accepted', code: 'WELCOME5', discountCents: 500, message: 'ok', subtotalCents: null };
    seedCart([item({ id: 1, title: 'Oak Stool', price: 15, qun: 2, stock: 5 })]);
    renderPage();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(400);
    });
    expect(mockCheckout.checkCoupon).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('cart-total').textContent).toBe('$25.00');

    mockCheckout.answer = { kind: 'rejected', code: 'WELCOME5', message: 'WELCOME5 needs a subtotal of at least $25.00' };
    fireEvent.click(button('Decrease quantity of Oak Stool'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(400);
    });
    expect(screen.getByText('WELCOME5 needs a subtotal of at least $25.00')).toBeTruthy();
    expect(sessionStorage.getItem('coupon')).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('$15.00');
  });

  it('switches language live, keeping the numbers', () => {
    seedCart([item({ id: 1, title: 'Leather Tote', qun: 2 })]);
    renderPage();
    act(() => language.set('ru'));
    expect(screen.getByRole('heading', { name: 'Корзина' })).toBeTruthy();
    expect(screen.getByText('Общее количество')).toBeTruthy();
    expect(button('Увеличить количество: Leather Tote')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$39.98');
  });
});
