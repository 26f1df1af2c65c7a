// The shell's server render with stand-ins for the remotes' server builds (the federation runtime
// is replaced; the shell, React's streaming renderer and the render scope are the real ones).
import { useLanguage } from 'shared-events/react';
import { pageAnswer, type PageAnswer } from 'shared-events';
import type { PageRenderRequest } from './contract.ts';

const screens = new Map<string, () => Promise<{ default: () => unknown }>>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn((id: string) => (screens.get(id) ?? (() => Promise.reject(new Error(`no ${id}`))))()),
}));

// After the mock, which it uses.
import { renderPage } from './renderPage.tsx';

/** A product screen that shows the page's product in the page's language. */
function ProductScreen() {
  const language = useLanguage();
  const product = pageAnswer('/api/catalog/products/1')?.body as { title: string } | undefined;
  return (
    <h1 data-language={language} data-testid="product">
      {product ? product.title : 'loading'}
    </h1>
  );
}

function request(overrides: Partial<PageRenderRequest>): PageRenderRequest {
  return {
    url: '/shop/1',
    language: 'en',
    answers: {},
    serverEntries: { catalog: 'http://127.0.0.1:1/remotes/catalog/server/remoteEntry.js' },
    fetchAnswer: async () => undefined,
    budgetMs: 2_000,
    ...overrides,
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => screens.clear());

describe('the server render', () => {
  it("renders the shell's layout and the route's remote screen with the data the screens asked for", async () => {
    screens.set('catalog/ProductPage', async () => ({ default: ProductScreen }));
    const asked: string[] = [];
    const page = await renderPage(
      request({
        fetchAnswer: async (url) => {
          asked.push(url);
          return { status: 200, body: { title: 'Dive Watch' } };
        },
      }),
    );
    expect(asked).toEqual(['/api/catalog/products/1']);
    expect(page.html).toContain('>Dive Watch</h1>');
    expect(page.html).toContain('<header');
    expect(page.html).toContain('<footer');
    expect(page).toMatchObject({ screen: 'catalog/ProductPage', fallback: null, answers: { '/api/catalog/products/1': { status: 200 } } });
  });

  it('keeps concurrent requests apart: each sees its own language and data', async () => {
    screens.set('catalog/ProductPage', async () => ({ default: ProductScreen }));
    const render = (language: 'en' | 'ru', title: string) =>
      renderPage(
        request({
          language,
          fetchAnswer: async (): Promise<PageAnswer> => {
            // Answers arrive interleaved with the other requests' renders.
            await delay(Math.random() * 20);
            return { status: 200, body: { title } };
          },
        }),
      );
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? render('ru', `Часы ${i}`) : render('en', `Watch ${i}`))));
    pages.forEach((page, i) => {
      const [language, title] = i % 2 ? ['ru', `Часы ${i}`] : ['en', `Watch ${i}`];
      expect(page.html).toContain(`data-language="${language}" data-testid="product">${title}</h1>`);
      // The shell's own strings follow the request's language too.
      expect(page.html).toContain(language === 'ru' ? 'Перейти к содержимому' : 'Skip to content');
    });
  });

  it('leaves a screen that throws to the browser, and renders the rest of the page', async () => {
    screens.set('catalog/ShopPage', async () => ({
      default: () => {
        throw new Error('the listing broke');
      },
    }));
    const page = await renderPage(request({ url: '/shop' }));
    expect(page.fallback).toBe('the listing broke');
    expect(page.html).toContain('<header');
    expect(page.html).toContain('<footer');
    // In its place, the slot's loading state, until the browser has rendered the screen (it loads
    // it before it hydrates).
    expect(page.html).toMatch(/<main[^>]*>.*<!--\$!-->.*aria-live="polite"><span class="visuallyHidden">Loading…<\/span><\/div><!--\/\$--><\/main>/s);
    expect(page.screen).toBe('catalog/ShopPage');
  });

  it('leaves a screen slower than the budget to the browser', async () => {
    screens.set('catalog/HomePage', () => delay(500).then(() => ({ default: ProductScreen })));
    const started = performance.now();
    const page = await renderPage(request({ url: '/', budgetMs: 50 }));
    expect(performance.now() - started).toBeLessThan(400);
    expect(page).toMatchObject({ screen: null, fallback: 'loading catalog/HomePage took longer than the render budget' });
    expect(page.html).toContain('<header');
  });

  it('leaves a screen whose remote has no server build, or whose build cannot load, to the browser', async () => {
    expect(await renderPage(request({ serverEntries: {} }))).toMatchObject({ screen: null, fallback: 'catalog has no server build' });
    const broken = await renderPage(request({}));
    expect(broken).toMatchObject({ screen: null, fallback: 'no catalog/ProductPage' });
    expect(broken.html).toContain('<footer');
  });

  it('never loads a client-only screen (the wish list, the comparison) on the server, and renders the page around it', async () => {
    const { loadRemote } = jest.requireMock('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock };
    loadRemote.mockClear();
    for (const [url, screen] of [
      ['/wishlist', 'catalog/WishlistPage'],
      ['/compare', 'catalog/ComparePage'],
    ] as const) {
      const page = await renderPage(request({ url }));
      // As for a remote without a server build: not a failure the gateway reports.
      expect(page).toMatchObject({ screen: null, fallback: `${screen} has no server build` });
      expect(page.html).toContain('<footer');
    }
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('tries a remote that could not be loaded afresh on the next page', async () => {
    const { registerRemotes } = jest.requireMock('@module-federation/enhanced/runtime') as { registerRemotes: jest.Mock };
    registerRemotes.mockClear();
    expect((await renderPage(request({ url: '/search?q=lamp' }))).fallback).toBe('no catalog/SearchPage');
    screens.set('catalog/SearchPage', async () => ({ default: ProductScreen }));
    expect(await renderPage(request({ url: '/search?q=lamp' }))).toMatchObject({ screen: 'catalog/SearchPage', fallback: null });
    expect(registerRemotes.mock.calls.at(-1)).toEqual([[{ name: 'catalog', entry: expect.any(String) }], { force: true }]);
  });

  it("renders the shell's own pages whole", async () => {
    const page = await renderPage(request({ url: '/about' }));
    expect(page).toMatchObject({ screen: null, fallback: null });
    expect(page.html).toContain('Our Vision');
  });

  it("renders the shell's words in each request's language: every catalogue is loaded on the server", async () => {
    const [english, russian] = await Promise.all([renderPage(request({ url: '/contact' })), renderPage(request({ url: '/contact', language: 'ru' }))]);
    expect(english.html).toContain('Questions about an order');
    expect(russian.html).toContain('Вопрос о заказе');
    expect(russian.html).not.toContain('Questions about an order');
  });
});
