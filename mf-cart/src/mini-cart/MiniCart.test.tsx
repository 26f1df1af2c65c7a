import '../testing/polyfills.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, cart, language } from 'shared-events';
import { item, resetShared, seedCart, storedCart } from '../testing/cart.ts';
import MiniCart from './MiniCart.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderMiniCart() {
  return render(
    <MemoryRouter initialEntries={['/shop']}>
      <MiniCart />
      <button type="button">elsewhere</button>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const trigger = () => screen.getByRole('button', { name: /^Cart, \d+ items?$/ });
const panel = () => screen.getByRole('region', { name: 'Cart contents' });

beforeEach(resetShared);

describe('MiniCart', () => {
  it('marks its root as the cart remote on the shared bus', () => {
    const { container } = renderMiniCart();
    const root = container.querySelector('[data-remote="cart"]');
    expect(root?.getAttribute('data-bus-id')).toBe(bus.instanceId);
  });

  it('has no badge for an empty cart and says so in the trigger name', () => {
    renderMiniCart();
    expect(trigger().getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('shows the number of items (not their quantities) in the badge and follows every change', () => {
    seedCart([item({ id: 1, qun: 3 }), item({ id: 2, title: 'Desk Lamp' })]);
    renderMiniCart();
    expect(screen.getByTestId('cart-badge').textContent).toBe('2');
    expect(trigger().getAttribute('aria-label')).toBe('Cart, 2 items');

    // Another remote adds through the shared store: the badge follows without a reload.
    act(() => {
      cart.add({ id: 9, title: 'Lounge Chair', price: 120, stock: 2 }, 'catalog/shop');
    });
    expect(screen.getByTestId('cart-badge').textContent).toBe('3');

    act(() => cart.removeAt(0));
    act(() => cart.removeAt(0));
    expect(trigger().getAttribute('aria-label')).toBe('Cart, 1 item');
  });

  it('opens on click and lists each item with thumbnail, title, price and a remove control', () => {
    seedCart([item({ id: 1, title: 'Leather Tote', price: 19.99, qun: 2 }), item({ id: 2, title: 'Desk Lamp', price: 0.1, qun: 3, thumbnail: '' })]);
    renderMiniCart();
    expect(screen.queryByRole('region', { name: 'Cart contents' })).toBeNull();
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');

    const rows = within(panel()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    const image = first.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/images/tote.svg');
    expect(image?.getAttribute('width')).toBe('56');
    expect(image?.getAttribute('height')).toBe('56');
    expect(within(first).getByRole('link', { name: 'Leather Tote' }).getAttribute('href')).toBe('/shop/1');
    expect(first.textContent).toContain('2 × $19.99');
    within(first).getByRole('button', { name: 'Remove Leather Tote from cart' });
    expect(rows[1]!.textContent).toContain('3 × $0.10');

    // SubTotal in integer cents: 2 × 19.99 + 3 × 0.10 = 40.28.
    expect(within(panel()).getByText('SubTotal')).toBeTruthy();
    expect(screen.getByTestId('mini-cart-subtotal').textContent).toBe('$40.28');
  });

  it('removes an item, keeping the dropdown open and focus in the list', () => {
    seedCart([item({ id: 1, title: 'Leather Tote' }), item({ id: 2, title: 'Desk Lamp' })]);
    renderMiniCart();
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Leather Tote from cart' }));
    expect(cart.items.map((entry) => entry.id)).toEqual([2]);
    expect(storedCart()).toEqual([expect.objectContaining({ id: 2, qun: 1 })]);
    expect(panel()).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Desk Lamp from cart' }));
    expect(screen.getByTestId('cart-badge').textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Desk Lamp from cart' }));
    expect(within(panel()).getByText('Your cart is empty.')).toBeTruthy();
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('shows an empty-cart message with a way to the shop', () => {
    renderMiniCart();
    fireEvent.click(trigger());
    expect(within(panel()).getByText('Your cart is empty.')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Go to Shop' }).getAttribute('href')).toBe('/shop');
    expect(within(panel()).queryByText('SubTotal')).toBeNull();
  });

  it('View Cart and Checkout go to their pages and close the dropdown', () => {
    seedCart([item()]);
    renderMiniCart();
    fireEvent.click(trigger());
    expect(within(panel()).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    fireEvent.click(within(panel()).getByRole('link', { name: 'View Cart' }));
    expect(screen.getByTestId('where').textContent).toBe('/cart-list');
    expect(screen.queryByRole('region', { name: 'Cart contents' })).toBeNull();

    fireEvent.click(trigger());
    fireEvent.click(within(panel()).getByRole('link', { name: 'Checkout' }));
    expect(screen.getByTestId('where').textContent).toBe('/checkout');
    expect(screen.queryByRole('region', { name: 'Cart contents' })).toBeNull();
  });

  it('closes on a click elsewhere, on a second click of the trigger, and on Escape with focus back on the trigger', () => {
    seedCart([item()]);
    renderMiniCart();
    fireEvent.click(trigger());
    fireEvent.click(panel());
    expect(panel()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('region', { name: 'Cart contents' })).toBeNull();

    fireEvent.click(trigger());
    fireEvent.click(trigger());
    expect(screen.queryByRole('region', { name: 'Cart contents' })).toBeNull();

    fireEvent.click(trigger());
    screen.getByRole('button', { name: 'Remove Leather Tote from cart' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Cart contents' })).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('switches language live', () => {
    seedCart([item({ id: 1 }), item({ id: 2 }), item({ id: 3 })]);
    renderMiniCart();
    fireEvent.click(trigger());
    act(() => language.set('ru'));
    expect(screen.getByRole('button', { name: 'Корзина, 3 товара' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть корзину' })).toBeTruthy();
    expect(screen.getByText('Подытог')).toBeTruthy();
    act(() => language.set('en'));
    expect(screen.getByRole('link', { name: 'View Cart' })).toBeTruthy();
  });
});
