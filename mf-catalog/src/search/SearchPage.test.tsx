/** @jest-environment jsdom */
import '../testing/jsdom.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { language } from 'shared-events';
import { fakeFetch, makeProducts } from '../testing/fakeCatalog.ts';
import SearchPage from './SearchPage.tsx';

// 60 products: 30 lamps (two pages of 24), chairs and bags.
const products = makeProducts(60);
const typos = { lmap: 'lamp', chiar: 'chair' };
let address = '';

function Spy() {
  const location = useLocation();
  address = location.pathname + location.search;
  return null;
}

function renderAt(path: string) {
  const fake = fakeFetch(products, { typos });
  globalThis.fetch = fake.fetch as typeof fetch;
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/search"
          element={
            <>
              <SearchPage />
              <Spy />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return fake;
}

const cards = () => screen.queryAllByRole('article');
const searchCalls = (calls: string[]) =>
  calls.filter((url) => url.startsWith('/api/catalog/products/search?')).map((url) => new URL(url, 'http://x').searchParams);

describe('SearchPage', () => {
  beforeEach(() => {
    address = '';
    language.set('en');
  });

  // Let answers still on their way land inside act() before the page is unmounted.
  afterEach(async () => {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  });

  it("asks the shop's word matching and keeps the spec's heading and term", async () => {
    const { calls } = renderAt('/search?q=oak%20chair');
    await waitFor(() => expect(cards()).toHaveLength(15));
    expect(screen.getByRole('heading', { level: 1, name: 'Searching Results...' })).toBeTruthy();
    expect(screen.getByText('Showing Results of oak chair')).toBeTruthy();
    const [asked] = searchCalls(calls);
    expect(asked?.get('q')).toBe('oak chair');
    expect(asked?.get('match')).toBe('words');
    expect(asked?.has('typos')).toBe(false);
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });

  it('says what it searched for when it corrected a word, the corrected one emphasised', async () => {
    renderAt('/search?q=Oak%20chiar');
    await waitFor(() => expect(cards()).toHaveLength(15));
    const notice = screen.getByText((_, node) => node?.tagName === 'P' && node.textContent === 'Showing results for Oak chair');
    expect([...notice.querySelectorAll('strong')].map((node) => node.textContent)).toEqual(['chair']);
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
    // The spec's line keeps the words as typed.
    expect(screen.getByText('Showing Results of Oak chiar')).toBeTruthy();
  });

  it('offers the words as typed, and searches them without corrections when asked', async () => {
    const { calls } = renderAt('/search?q=lmap');
    await waitFor(() => expect(cards()).toHaveLength(24));
    const instead = screen.getByRole('link', { name: 'Search instead for lmap' });
    expect(instead.getAttribute('href')).toBe('/search?q=lmap&exact=1');
    fireEvent.click(instead);
    expect(await screen.findByText('No products match “lmap”.')).toBeTruthy();
    expect(address).toBe('/search?q=lmap&exact=1');
    expect(searchCalls(calls).at(-1)?.get('typos')).toBe('off');
    expect(screen.queryByText(/Showing results for/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Search instead for/ })).toBeNull();
  });

  it('keeps the words as typed through the pages', async () => {
    // jsdom has no scrolling; the page scrolls to the top on a new page.
    window.scrollTo = jest.fn();
    const { calls } = renderAt('/search?q=lamp&exact=1');
    await waitFor(() => expect(cards()).toHaveLength(24));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(address).toBe('/search?q=lamp&exact=1&page=2');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const asked = searchCalls(calls).at(-1);
    expect(asked?.get('typos')).toBe('off');
    expect(asked?.get('skip')).toBe('24');
  });

  it('says it in Russian too', async () => {
    language.set('ru');
    renderAt('/search?q=chiar');
    await waitFor(() => expect(cards()).toHaveLength(15));
    expect(screen.getByText((_, node) => node?.tagName === 'P' && node.textContent === 'Показаны результаты по запросу chair')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Искать вместо этого chiar' }).getAttribute('href')).toBe('/search?q=chiar&exact=1');
  });

  it('still says when nothing matches', async () => {
    renderAt('/search?q=xqzvwj');
    expect(await screen.findByText('No products match “xqzvwj”.')).toBeTruthy();
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });
});
