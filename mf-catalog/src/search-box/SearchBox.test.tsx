/** @jest-environment jsdom */
import '../testing/jsdom.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeFetch, makeProducts } from '../testing/fakeCatalog.ts';
import SearchBox from './SearchBox.tsx';
import { SUGGEST_DELAY_MS } from './suggestState.ts';

const products = makeProducts(12);

let seen: { pathname: string; search: string; state: unknown } | null = null;
function Spy() {
  const location = useLocation();
  seen = { pathname: location.pathname, search: location.search, state: location.state };
  return null;
}

function setup(options: Parameters<typeof fakeFetch>[1] = {}) {
  const fake = fakeFetch(products, options);
  globalThis.fetch = fake.fetch as typeof fetch;
  render(
    <MemoryRouter initialEntries={['/']}>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Spy />} />
      </Routes>
    </MemoryRouter>,
  );
  const input = screen.getByRole('combobox', { name: 'Search products' });
  return { input, calls: fake.calls };
}

async function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    jest.advanceTimersByTime(SUGGEST_DELAY_MS + 10);
  });
  // Let the fake response resolve.
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

describe('SearchBox', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    seen = null;
  });
  afterEach(() => jest.useRealTimers());

  it("has the placeholder 'Search Products' and a search button", () => {
    const { input } = setup();
    expect(input.getAttribute('placeholder')).toBe('Search Products');
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('suggests matching products (thumbnail, title, $price) after a short pause, in one request', async () => {
    const { input, calls } = setup();
    fireEvent.change(input, { target: { value: 'l' } });
    fireEvent.change(input, { target: { value: 'la' } });
    await type(input, 'LAMP');
    expect(calls).toEqual([
      '/api/catalog/products/search?q=LAMP&match=words&prefix=on&limit=8&select=id%2Ctitle%2Cdescription%2Cprice%2CdiscountPercentage%2Crating%2Cstock%2Cbrand%2Ccategory%2Ccolor%2Cthumbnail',
    ]);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(6);
    expect(options[0]?.textContent).toContain('Desk Lamp 1');
    expect(options[0]?.textContent).toContain('$11.00');
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe('/img/1.svg');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });

  it('shows the corrected words highlighted above the suggestions, and reads them out', async () => {
    const { input } = setup({ typos: { lmap: 'lamp' } });
    await type(input, 'desk lmap');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]?.textContent).toContain('Desk Lamp 1');
    const notice = screen.getByText((_, node) => node?.tagName === 'P' && node.textContent === 'Showing results for desk lamp');
    expect([...notice.querySelectorAll('mark')].map((node) => node.textContent)).toEqual(['lamp']);
    expect(screen.getByRole('status').textContent).toBe('Showing results for desk lamp. 3 suggestions available. Use the up and down arrows to choose.');
    // The words as typed go to the results page, which makes its own correction.
    fireEvent.submit(input.closest('form')!);
    expect(seen?.search).toBe('?q=desk%20lmap');
  });

  it('moves through the options with the arrow keys and opens the chosen one with Enter', async () => {
    const { input } = setup();
    await type(input, 'lamp');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = screen.getAllByRole('option')[1]!;
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(seen?.pathname).toBe('/shop/2');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('clicking a suggestion opens the product and clears the box', async () => {
    const { input } = setup();
    await type(input, 'lamp');
    fireEvent.click(screen.getAllByRole('option')[0]!);
    expect(seen?.pathname).toBe('/shop/1');
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('Enter without a chosen option goes to /search with state {key, search} and clears the box', async () => {
    const { input } = setup();
    await type(input, 'lamp');
    fireEvent.submit(input.closest('form')!);
    expect(seen?.pathname).toBe('/search');
    expect(seen?.search).toBe('?q=lamp');
    const state = seen?.state as { key: { id: number }[]; search: string };
    expect(state.search).toBe('lamp');
    expect(state.key.map((p) => p.id)).toEqual([1, 2, 5, 6, 9, 10]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('the search icon does the same', async () => {
    const { input } = setup();
    await type(input, 'chair');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(seen?.search).toBe('?q=chair');
  });

  it('Escape closes the list, then clears the text', async () => {
    const { input } = setup();
    await type(input, 'lamp');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('lamp');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('empty text clears the suggestions and asks nothing', async () => {
    const { input, calls } = setup();
    await type(input, 'lamp');
    await type(input, '  ');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it('offers all results, with a plus where the catalogue stopped counting', async () => {
    const { input } = setup({ countUpTo: 10 });
    await type(input, 'a');
    expect(screen.getByRole('button', { name: 'See all 10+ results for “a”' })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    const { input } = setup();
    await type(input, 'zzz');
    expect(screen.getAllByText('No products match.').length).toBeGreaterThan(0);
  });
});
