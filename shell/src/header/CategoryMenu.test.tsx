/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { language } from 'shared-events';
import { CategoryMenu } from './CategoryMenu.tsx';
import { CATEGORIES_URL, forgetMenuCategories } from './categories.ts';

const seed = ['accessories', 'furniture', 'electronics', 'clothing', 'bags', 'home-appliances'].map((slug) => ({ slug, name: slug.toUpperCase() }));
/** As the catalogue lists them: by slug, the menu's ones marked with their position. */
const marked = [...seed.map((category, i) => ({ ...category, menu: i + 1 })), { slug: 'garden', name: 'Garden & Patio', menu: 7 }].sort((a, b) =>
  a.slug < b.slug ? -1 : 1,
);

// jsdom has no fetch Response; the menu reads only these.
function answer(body: unknown, status = 200): Response {
  return { ok: status < 400, status, json: async () => body } as Response;
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderMenu() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <CategoryMenu />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
beforeEach(() => {
  forgetMenuCategories();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => act(() => language.set('en')));

const entries = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('the header’s Shop by Category menu', () => {
  it('lists the categories the catalogue marks for the menu, in their order, with the header’s own wording for the spec’s six', async () => {
    fetchMock.mockResolvedValue(answer([...marked, { slug: 'books', name: 'Books' }]));
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Shop by Category' }));
    await waitFor(() => expect(entries()).toHaveLength(7));
    expect(entries()).toEqual(['Accesories', 'Furniture', 'Electronics', 'Cloths', 'Bags', 'Home Appliances', 'Garden & Patio']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(CATEGORIES_URL);
    act(() => language.set('ru'));
    expect(entries()[0]).toBe('Аксессуары');
    expect(entries()[6]).toBe('Garden & Patio');
    fireEvent.click(screen.getByRole('link', { name: 'Garden & Patio' }));
    expect(screen.getByTestId('where').textContent).toBe('/shop?category=garden');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says it is loading, then shows a failure with a retry that works', async () => {
    let fail!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (fail = resolve)));
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Shop by Category' }));
    expect(screen.getByRole('status').textContent).toBe('Loading categories…');
    await act(async () => fail(answer({ message: 'down' }, 503)));
    expect(screen.getByRole('alert').textContent).toContain('The categories could not be loaded.');
    fetchMock.mockResolvedValueOnce(answer(seed));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(entries()).toHaveLength(6));
  });

  it('says so when the shop has no categories, and refuses an answer of the wrong shape', async () => {
    fetchMock.mockResolvedValueOnce(answer([]));
    const { unmount } = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Shop by Category' }));
    await waitFor(() => expect(screen.getByText('No categories yet.')).toBeTruthy());
    unmount();
    forgetMenuCategories();
    fetchMock.mockResolvedValueOnce(answer({ categories: 'nope' }));
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Shop by Category' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
  });

  it('lists every category of a catalogue that marks none for the menu (a shop’s own catalogue)', async () => {
    fetchMock.mockResolvedValue(
      answer([
        { slug: 'beauty', name: 'Beauty' },
        { slug: 'groceries', name: 'Groceries' },
      ]),
    );
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Shop by Category' }));
    await waitFor(() => expect(entries()).toEqual(['Beauty', 'Groceries']));
  });
});
