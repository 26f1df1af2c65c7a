/** @jest-environment jsdom */
import '../testing/jsdom.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, cart } from 'shared-events';
import { fakeFetch, makeProducts } from '../testing/fakeCatalog.ts';
import ShopPage from './ShopPage.tsx';

const products = makeProducts(20);
let search = '';

function Spy() {
  search = useLocation().search;
  return null;
}

function renderAt(path: string, options: Parameters<typeof fakeFetch>[1] = {}) {
  const fake = fakeFetch(products, options);
  globalThis.fetch = fake.fetch as typeof fetch;
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/shop"
          element={
            <>
              <ShopPage />
              <Spy />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return fake;
}

const cards = () => screen.getAllByRole('article');

/** Lets the navigation and the catalogue answer it triggers land inside act(). */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('ShopPage', () => {
  beforeEach(() => {
    search = '';
    cart.clear();
  });

  // Let answers still on their way land inside act() before the page is unmounted.
  afterEach(async () => {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  });

  it('shows the first 6 products, filters and toolbar', async () => {
    const { calls } = renderAt('/shop');
    expect(screen.getByRole('heading', { level: 1, name: 'Product' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.getByText('Showing 1–6 of 20 results')).toBeTruthy();
    expect(calls.find((url) => url.startsWith('/api/catalog/products?'))).toContain('limit=6');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveProperty('value', 'featured');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveProperty('value', '6');
    expect(screen.getByRole('heading', { name: 'Shop by Category' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Furniture' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('true');
  });

  it('keeps brand and colour closed until opened', async () => {
    renderAt('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const brand = screen.getByRole('button', { name: 'Shop by Brand' });
    const color = screen.getByRole('button', { name: 'Shop by Color' });
    expect(brand.getAttribute('aria-expanded')).toBe('false');
    expect(color.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(brand);
    expect(brand.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(brand.getAttribute('aria-controls') ?? '')!;
    expect(
      within(panel)
        .getByRole('link', { name: /Oakhaven/ })
        .getAttribute('href'),
    ).toBe('/shop?brand=Oakhaven');
    fireEvent.click(brand);
    expect(brand.getAttribute('aria-expanded')).toBe('false');
  });

  it('puts sort, per-page and view in the URL', async () => {
    renderAt('/shop?page=2');
    await waitFor(() => expect(cards()).toHaveLength(6));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'final-offer' } });
    await settle();
    expect(search).toBe('?sort=final-offer');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    await settle();
    expect(search).toBe('?sort=final-offer&view=list');
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps the page when per-page changes, within range', async () => {
    renderAt('/shop?page=4');
    await waitFor(() => expect(screen.getByText('Showing 19–20 of 20 results')).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: '12' } });
    await settle();
    // 20 products at 12 per page: 2 pages, so page 4 becomes page 2.
    expect(search).toBe('?page=2&perPage=12');
  });

  it('previous does nothing on the first page, next nothing on the last', async () => {
    renderAt('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(pages).getByRole('button', { name: /Previous/ }));
    await settle();
    expect(search).toBe('');
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 4' }));
    await settle();
    expect(search).toBe('?page=4');
    await waitFor(() => expect(screen.getByText('Showing 19–20 of 20 results')).toBeTruthy());
    fireEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    await settle();
    expect(search).toBe('?page=4');
    fireEvent.click(within(pages).getByRole('button', { name: /Previous/ }));
    await settle();
    expect(search).toBe('?page=3');
  });

  it('adds to the cart with the listing toast', async () => {
    const toasts: string[] = [];
    const subscription = bus.on('toast:requested').subscribe((event) => toasts.push(event.message));
    renderAt('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: /Add to Cart/ }));
    expect(cart.items.map((item) => item.id)).toEqual([1]);
    expect(toasts).toEqual(['Added to Cart, Successfully!']);
    subscription.unsubscribe();
  });

  it('cards show title, $price, brand and the discount badge, and link to the product', async () => {
    renderAt('/shop');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const card = cards()[1]!;
    expect(within(card).getByRole('link', { name: 'Floor Lamp 2' }).getAttribute('href')).toBe('/shop/2');
    expect(card.textContent).toContain('$12.00');
    expect(card.textContent).toContain('Oakhaven');
    expect(card.textContent).toContain('-14%');
  });

  it('says when nothing matches', async () => {
    renderAt('/shop?brand=Nobody');
    expect(await screen.findByText('No products match these filters.')).toBeTruthy();
  });

  it('shows an error with a Retry that asks again', async () => {
    let failing = true;
    const fake = renderAt('/shop', { fail: (url) => failing && url.pathname === '/api/catalog/products' });
    expect(await screen.findByText('The products could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(fake.calls.filter((url) => url.startsWith('/api/catalog/products?'))).toHaveLength(2);
  });

  it('says so for a category the catalogue does not have', async () => {
    renderAt('/shop?category=spaceships');
    expect(await screen.findByText('There is no category “spaceships”.')).toBeTruthy();
  });
});

describe('ShopPage opened on a brand', () => {
  it('still offers the other brands', async () => {
    const fake = fakeFetch(products);
    globalThis.fetch = fake.fetch as typeof fetch;
    render(
      <MemoryRouter initialEntries={['/shop?brand=Oakhaven']}>
        <Routes>
          <Route path="/shop" element={<ShopPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Shop by Brand' }));
    expect(await screen.findByRole('link', { name: /Calder Studio/ })).toBeTruthy();
    expect(fake.calls.some((url) => url.includes('limit=1') && !url.includes('brand='))).toBe(true);
  });
});
