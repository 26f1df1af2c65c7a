import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, cards, catalogMain, dollars, openInApp, type ApiList } from './catalog-support.ts';

// The header search and the search results page (/search). The shop asks the catalogue's word
// matching (match=words: every word on its own, plurals, typos, and titles containing the text as
// typed; the suggestions also complete the last word), so what a page should show is what the
// catalogue answers to the same question.

const SUGGESTED = 'match=words&prefix=on&limit=8&select=id,title,price,thumbnail';

const searchBox = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) => page.getByRole('banner').getByRole('listbox', { name: 'Suggestions' }).getByRole('option');

function suggestionRequests(page: Page) {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/catalog/products/search' && url.searchParams.get('limit') === '8') urls.push(url);
  });
  return urls;
}

test.describe('header search', () => {
  test("has the placeholder 'Search Products' and a search button", async ({ page }) => {
    await page.goto('/');
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search Products');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  });

  test("suggests products live (the shop's word matching), with thumbnail, title and $price", async ({ page, request }) => {
    const expected = await api<ApiList>(request, `/products/search?q=LaMp&${SUGGESTED}`);
    expect(expected.products.length).toBeGreaterThan(0);
    const urls = suggestionRequests(page);
    // The page's timers are held while the four letters are typed, then run on: the debounce is
    // checked against the page's own clock, not against how fast a busy machine delivers keys.
    await page.clock.install();
    await page.goto('/about');
    await expect(searchBox(page)).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    await searchBox(page).pressSequentially('LaMp');
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(suggestions(page)).toHaveCount(expected.products.length);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    const first = suggestions(page).first();
    await expect(first).toContainText(expected.products[0]!.title);
    await expect(first).toContainText(dollars(expected.products[0]!.price));
    await expect(first.locator('img')).toHaveAttribute('src', expected.products[0]!.thumbnail);
    const shown = await suggestions(page).allInnerTexts();
    expected.products.forEach((product, i) => expect(shown[i]).toContain(product.title));
    expect(shown[0]!.toLowerCase()).toContain('lamp');
    // Debounced: four letters typed within the delay ask once, for the whole text.
    expect(urls.length).toBe(1);
    expect(urls.at(-1)?.searchParams.get('q')).toBe('LaMp');
    expect(urls.at(-1)?.searchParams.get('match')).toBe('words');
    expect(urls.at(-1)?.searchParams.get('prefix')).toBe('on');
    expect(urls.at(-1)?.searchParams.get('select')).toBe('id,title,description,price,discountPercentage,rating,stock,brand,category,color,thumbnail');
  });

  test('the suggestion list scrolls', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('a');
    await expect(suggestions(page)).toHaveCount(8);
    const list = page.getByRole('banner').getByRole('listbox');
    const overflow = await list.evaluate((node) => getComputedStyle(node).overflowY);
    expect(['auto', 'scroll']).toContain(overflow);
  });

  test('clicking a suggestion opens /shop/{id} and clears the box', async ({ page, request }) => {
    const expected = await api<ApiList>(request, `/products/search?q=chair&${SUGGESTED}`);
    await page.goto('/');
    await searchBox(page).fill('chair');
    await suggestions(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/shop/${expected.products[0]!.id}$`));
    await expect(searchBox(page)).toHaveValue('');
    await expect(suggestions(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: expected.products[0]!.title })).toBeVisible();
  });

  test('arrow keys choose a suggestion and Enter opens it; Escape closes the list', async ({ page, request }) => {
    const expected = await api<ApiList>(request, `/products/search?q=lamp&${SUGGESTED}`);
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('lamp');
    await expect(suggestions(page).first()).toBeVisible();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(suggestions(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await suggestions(page).nth(1).getAttribute('id'))!);
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('lamp');
    await box.press('ArrowDown');
    await expect(suggestions(page).first()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shop/${expected.products[1]!.id}$`));
    await expect(box).toHaveValue('');
  });

  test('empty text clears the suggestions', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('lamp');
    await expect(suggestions(page).first()).toBeVisible();
    await searchBox(page).fill('');
    await expect(suggestions(page)).toHaveCount(0);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('suggests the titles that contain the text as typed: part of a word, or across two words in any case', async ({ page }) => {
    await page.goto('/');
    for (const typed of ['atch', 'IVE WA']) {
      await searchBox(page).fill(typed);
      await expect(suggestions(page).filter({ hasText: 'Dive Watch' }), `suggestions for ${typed}`).toHaveCount(1);
    }
  });

  test('Enter goes to /search with state {key: matches, search: text} and clears the box', async ({ page, request }) => {
    const expected = await api<ApiList>(request, `/products/search?q=lamp&${SUGGESTED}`);
    await page.goto('/');
    await searchBox(page).fill('lamp');
    await expect(suggestions(page).first()).toBeVisible();
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=lamp$/);
    await expect(searchBox(page)).toHaveValue('');
    const state = await page.evaluate(() => (history.state as { usr?: { key?: { id: number }[]; search?: string } }).usr);
    expect(state?.search).toBe('lamp');
    expect(state?.key?.map((p) => p.id)).toEqual(expected.products.map((p) => p.id));
    await expect(page.getByRole('heading', { level: 1, name: 'Searching Results...' })).toBeVisible();
    await expect(catalogMain(page).getByText('Showing Results of lamp', { exact: true })).toBeVisible();
  });

  test('the search icon goes to /search too', async ({ page }) => {
    await page.goto('/shop');
    await searchBox(page).fill('bag');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=bag$/);
    await expect(searchBox(page)).toHaveValue('');
  });
});

test.describe('search results', () => {
  test('shows the heading, the term and a 4-column grid of cards; a reload keeps them', async ({ page, request }) => {
    const expected = await api<ApiList>(request, '/products/search?q=lamp&match=words&limit=24');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/search?q=lamp');
    await expect(page.getByRole('heading', { level: 1, name: 'Searching Results...' })).toBeVisible();
    await expect(catalogMain(page).getByText('Showing Results of lamp', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(expected.products.length);
    const product = expected.products[0]!;
    const card = cards(page).first();
    await expect(card.getByRole('link', { name: product.title })).toHaveAttribute('href', `/shop/${product.id}`);
    await expect(card).toContainText(dollars(product.price));
    if (product.brand) await expect(card).toContainText(product.brand, { ignoreCase: true });
    if (Math.round(product.discountPercentage) > 0) await expect(card).toContainText(`-${Math.round(product.discountPercentage)}%`);
    await expect(card.locator('img')).toHaveAttribute('src', product.thumbnail);
    if (expected.products.length >= 5) {
      const boxes = await Promise.all((await cards(page).all()).slice(0, 5).map(async (c) => (await c.boundingBox())!.y));
      expect(new Set(boxes.slice(0, 4)).size).toBe(1);
      expect(boxes[4]).toBeGreaterThan(boxes[0]!);
    }
    await page.reload();
    await expect(catalogMain(page).getByText('Showing Results of lamp', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(expected.products.length);
  });

  test('says when nothing matches', async ({ page }) => {
    await page.goto('/search?q=zzqqxx');
    await expect(catalogMain(page).getByText('No products match “zzqqxx”.')).toBeVisible();
  });

  test('while a slow search runs, the handed-over matches show only facts they have', async ({ page, request }) => {
    const expected = await api<ApiList>(request, '/products/search?q=watch&match=words&limit=24');
    const suggested = await api<ApiList>(request, '/products/search?q=watch&match=words&prefix=on&limit=8');
    // The header hands over its suggestions (the last word completed), the page then shows its own results.
    const byId = new Map([...suggested.products, ...expected.products].map((p) => [p.id, p]));
    expect(expected.products.some((p) => p.stock > 0)).toBe(true);
    // The results page's own request is held until the hand-over has been checked: a phone network
    // as slow as you like, without a timer racing the assertions.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/catalog/products/search' && url.searchParams.get('limit') === '24',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/');
    await searchBox(page).fill('watch');
    await expect(suggestions(page)).toHaveCount(suggested.products.length);
    await searchBox(page).press('Enter');
    await expect(cards(page)).toHaveCount(suggested.products.length);

    const shown = async () =>
      cards(page).evaluateAll((nodes) =>
        nodes.map((node) => ({
          id: Number(node.getAttribute('data-product-id')),
          text: node.textContent ?? '',
          canAdd: node.querySelector('button') !== null,
        })),
      );
    const check = (card: { id: number; text: string; canAdd: boolean }) => {
      const product = byId.get(card.id)!;
      expect(product, `card ${card.id} is a match`).toBeDefined();
      expect(card.text.includes('Out of stock'), `${product.title}: stock ${product.stock}`).toBe(product.stock <= 0);
      expect(card.canAdd, `${product.title}: Add to Cart`).toBe(product.stock > 0);
      if (product.brand) expect(card.text, product.title).toContain(product.brand);
      const discount = Math.round(product.discountPercentage);
      if (discount > 0) expect(card.text, product.title).toContain(`-${discount}%`);
    };
    for (const card of await shown()) check(card);

    release();
    await expect(cards(page)).toHaveCount(expected.products.length);
    const final = await shown();
    expect(final.map((card) => card.id)).toEqual(expected.products.map((p) => p.id));
    for (const card of final) check(card);
  });

  test('a failed search shows an error with Retry', async ({ page }) => {
    let fail = true;
    await page.route(/\/api\/catalog\/products\/search\?/, (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
    await openInApp(page, '/search?q=lamp');
    await expect(catalogMain(page).getByRole('alert')).toContainText('The search could not be completed');
    fail = false;
    await catalogMain(page).getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page).first()).toBeVisible();
  });
});

// What a shopper types, and what they meant: seed catalogue products (mf-catalog/server/seed).
const MEANT: { query: string; corrected?: string; emphasised?: string[]; within: number; meant: (title: string) => boolean }[] = [
  { query: 'headphnes', corrected: 'headphones', emphasised: ['headphones'], within: 1, meant: (title) => title.endsWith('Headphones') },
  { query: 'chiar', corrected: 'chair', emphasised: ['chair'], within: 1, meant: (title) => title.endsWith('Chair') },
  { query: 'sunglases', corrected: 'sunglasses', emphasised: ['sunglasses'], within: 1, meant: (title) => title.endsWith('Sunglasses') },
  { query: 'watches', within: 1, meant: (title) => title.endsWith(' Watch') },
  { query: 'sofas', within: 1, meant: (title) => title.endsWith('Sofa') },
  { query: 'red watch', within: 3, meant: (title) => title === 'Dive Watch' },
  { query: 'vantera sunglasses', within: 3, meant: (title) => title === 'Aviator Sunglasses' },
  { query: 'black hoodie', within: 3, meant: (title) => title === 'Heavyweight Hoodie' || title === 'Lightweight Hoodie' },
  { query: 'tote bag canvas', within: 3, meant: (title) => title === 'Canvas Tote Bag' },
  { query: 'atch', within: 1, meant: (title) => title === 'Dive Watch' },
  { query: 'IVE WA', within: 1, meant: (title) => title === 'Dive Watch' },
];

const cardTitles = (page: Page) => cards(page).getByRole('heading').allInnerTexts();
const correction = (page: Page) => catalogMain(page).locator('[aria-live="polite"]');

test.describe('finds what shoppers mean', () => {
  for (const { query, corrected, emphasised, within, meant } of MEANT) {
    test(`“${query}” shows what the shopper meant among the first results${corrected ? `, saying it searched for “${corrected}”` : ''}`, async ({ page }) => {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(catalogMain(page).getByText(`Showing Results of ${query}`, { exact: true })).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      const titles = await cardTitles(page);
      expect(titles.slice(0, within).some(meant), `first ${within} of ${titles.join(', ')}`).toBe(true);
      if (corrected) {
        await expect(correction(page).getByText(`Showing results for ${corrected}`, { exact: true })).toBeVisible();
        await expect(correction(page).locator('strong')).toHaveText(emphasised!);
        await expect(correction(page).getByRole('link', { name: `Search instead for ${query}` })).toBeVisible();
      } else {
        await expect(correction(page)).toBeEmpty();
      }
    });
  }

  test('“search instead” is reached by keyboard and searches the words as typed; a reload keeps them', async ({ page }) => {
    await page.goto('/search?q=headphnes');
    const instead = correction(page).getByRole('link', { name: 'Search instead for headphnes' });
    await expect(instead).toBeVisible();
    await expect(page.locator('[data-bus-id]').first()).toHaveAttribute('data-bus-id', /^bus-/);
    // Tab through the page from its start until the link has the focus.
    for (let presses = 0; presses < 80 && !(await instead.evaluate((node) => node === document.activeElement)); presses++) await page.keyboard.press('Tab');
    await expect(instead).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=headphnes&exact=1$/);
    await expect(catalogMain(page).getByText('No products match “headphnes”.')).toBeVisible();
    await expect(correction(page)).toBeEmpty();
    await page.reload();
    await expect(catalogMain(page).getByText('No products match “headphnes”.')).toBeVisible();
  });

  test('the suggestions show the corrected words highlighted', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('headphnes');
    const notice = page.getByRole('banner').getByText('Showing results for headphones', { exact: true });
    await expect(notice).toBeVisible();
    await expect(notice.locator('mark')).toHaveText('headphones');
    await expect(suggestions(page).first()).toContainText('Headphones');
  });

  test('the correction, on the page and in the suggestions, has no axe violations', async ({ page }) => {
    const violations = async (selector: string) =>
      (await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    await page.goto('/search?q=vantera%20sunglases');
    await expect(correction(page).getByText('Showing results for vantera sunglasses', { exact: true })).toBeVisible();
    expect(await violations('main [data-remote="catalog"]')).toEqual([]);
    await searchBox(page).fill('vantera sunglases');
    await expect(page.getByRole('banner').getByText('Showing results for vantera sunglasses', { exact: true })).toBeVisible();
    expect(await violations('header [data-remote="catalog"]')).toEqual([]);
  });

  test('the server renders the correction, and the page hydrates without asking the catalogue again', async ({ page, request }) => {
    const html = await (await request.get('/search?q=headphnes')).text();
    expect(html).toContain('<div id="root" data-rendered="server">');
    expect(html).toContain('Search instead for headphnes');
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/api/catalog/products')) asked.push(url.pathname + url.search);
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/search?q=headphnes');
    await expect(page.locator('[data-bus-id]').first()).toHaveAttribute('data-bus-id', /^bus-/);
    await expect(correction(page).getByText('Showing results for headphones', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('nonsense still finds nothing', async ({ page }) => {
    await page.goto('/search?q=xqzvwj');
    await expect(catalogMain(page).getByText('No products match “xqzvwj”.')).toBeVisible();
    await expect(correction(page)).toBeEmpty();
  });
});
