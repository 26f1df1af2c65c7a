/** @jest-environment jsdom */
import '../testing/jsdom.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, cart } from 'shared-events';
import { fakeFetch, makeProducts } from '../testing/fakeCatalog.ts';
import ProductPage from './ProductPage.tsx';

const products = makeProducts(5);
// A category of a shop's own catalogue, one the shop has no wording for.
products[4] = { ...products[4]!, category: 'garden-and-patio' };

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/shop/:id" element={<ProductPage />} />
        <Route path="/shop" element={<p>shop listing</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ProductPage', () => {
  let calls: string[];

  beforeEach(() => {
    const fake = fakeFetch(products);
    calls = fake.calls;
    globalThis.fetch = fake.fetch as typeof fetch;
    cart.clear();
  });

  it('shows the product and asks for it exactly once', async () => {
    renderAt('/shop/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Floor Lamp 2' })).toBeTruthy();
    expect(screen.getByText('10 Available in Stock')).toBeTruthy();
    expect(screen.getByRole('img', { name: /out of 5/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveProperty('value', 'S');
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    // Re-renders (choosing a size, a colour, a picture) never ask again.
    fireEvent.change(screen.getByRole('combobox', { name: 'Size' }), { target: { value: 'XL' } });
    fireEvent.click(screen.getAllByRole('radio')[2]!);
    fireEvent.click(screen.getByRole('button', { name: /Show picture 2 of 3/ }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((url) => url.startsWith('/api/catalog/products/'))).toEqual(['/api/catalog/products/2']);
  });

  it('names the category in words and links to its listing, for a category of a shop’s own catalogue too', async () => {
    renderAt('/shop/2');
    await screen.findByRole('heading', { level: 1, name: 'Floor Lamp 2' });
    expect(screen.getByRole('link', { name: 'Bags' }).getAttribute('href')).toBe('/shop?category=bags');
    cleanup();
    renderAt('/shop/5');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Garden And Patio' }).getAttribute('href')).toBe('/shop?category=garden-and-patio');
  });

  it('shows the struck original price = ceil(price / (1 - discount))', async () => {
    renderAt('/shop/2'); // price 12, discount 14 -> 13.95... -> 14
    await screen.findByRole('heading', { level: 1, name: 'Floor Lamp 2' });
    const original = document.querySelector('del');
    expect(original?.textContent).toContain('$14.00');
    expect(screen.getByText('$12.00')).toBeTruthy();
  });

  it('adds to the cart with the detail toast', async () => {
    const toasts: string[] = [];
    const subscription = bus.on('toast:requested').subscribe((event) => toasts.push(event.message));
    renderAt('/shop/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Add To Cart' }));
    expect(cart.items.map((item) => [item.id, item.qun])).toEqual([[2, 1]]);
    expect(toasts).toEqual(['Added to Cart Successfully!']);
    subscription.unsubscribe();
  });

  it('disables Add To Cart with a note when out of stock', async () => {
    renderAt('/shop/3');
    const button = await screen.findByRole('button', { name: 'Add To Cart' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText(/out of stock/i)).toBeTruthy();
  });

  it('opens and closes the accordions', async () => {
    renderAt('/shop/2');
    const shipping = await screen.findByRole('button', { name: 'SHIPPING & RETURNS' });
    expect(shipping.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(shipping);
    expect(shipping.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'FEATURES & DETAILS' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('says clearly when the product does not exist', async () => {
    renderAt('/shop/999');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Shop' }).getAttribute('href')).toBe('/shop');
  });

  it('does not even ask for an id that cannot exist', async () => {
    renderAt('/shop/abc');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
