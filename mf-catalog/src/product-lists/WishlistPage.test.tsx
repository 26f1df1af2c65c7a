/** @jest-environment jsdom */
import '../testing/jsdom.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { wishlist } from 'shared-events';
import { fakeFetch, makeProducts } from '../testing/fakeCatalog.ts';
import WishlistPage from './WishlistPage.tsx';

const products = makeProducts(4);

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/wishlist']}>
      <WishlistPage />
    </MemoryRouter>,
  );
}

describe('WishlistPage', () => {
  afterEach(() => {
    cleanup();
    wishlist.clear();
  });

  it('says the list is empty, with the way to the shop', () => {
    globalThis.fetch = fakeFetch(products).fetch as typeof fetch;
    renderPage();
    expect(screen.getByText('Your wish list is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/shop');
  });

  it('says it is loading, then lists the products newest first', async () => {
    globalThis.fetch = fakeFetch(products).fetch as typeof fetch;
    wishlist.replace([3, 1]);
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading your wish list…');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('h2')?.textContent)).toEqual([products[2]!.title, products[0]!.title]);
  });

  it('offers a retry when the catalogue cannot be reached, and the retry works', async () => {
    let down = true;
    globalThis.fetch = fakeFetch(products, { fail: () => down }).fetch as typeof fetch;
    wishlist.replace([2]);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Your wish list could not be loaded');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: products[1]!.title })).toBeTruthy();
  });
});
