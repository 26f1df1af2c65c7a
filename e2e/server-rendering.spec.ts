import { expect, test, type Page } from '@playwright/test';

// Catalogue pages arrive rendered by the gateway (the shell's and mf-catalog's server builds through
// Module Federation), carry their data, and hydrate in the browser without asking for it again.

const ROUTES = [
  { route: '/', heading: 'Storefront: home', content: 'Furniture that feels like home' },
  { route: '/shop?category=furniture', heading: 'Product', content: 'Showing 1–6 of' },
  { route: '/shop/1', heading: 'Dive Watch', content: '$67.99' },
  { route: '/search?q=chair', heading: 'Searching Results...', content: 'Oak Lounge Chair' },
];

/** Catalogue API requests the page makes (pictures aside). */
function catalogueRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/catalog/') && !url.pathname.startsWith('/api/catalog/images/')) urls.push(`${url.pathname}${url.search}`);
  });
  return urls;
}

for (const { route, heading, content } of ROUTES) {
  test(`${route} arrives rendered, hydrates without errors and asks the catalogue for nothing on first load`, async ({ page, request }) => {
    const html = await (await request.get(route)).text();
    expect(html).toContain('<div id="root" data-rendered="server">');
    expect(html).toContain(content);

    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const urls = catalogueRequests(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Hydrated: the shell's bus marks the page, and the page answers clicks.
    await expect(page.locator('[data-bus-id]').first()).toHaveAttribute('data-bus-id', /^bus-/);
    await page.waitForLoadState('networkidle');
    expect(urls).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { route, heading, content } of ROUTES) {
    test(`${route} can be read`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(content).first()).toBeVisible();
      // Styled from the page's own stylesheets: the header is the shop's, not the browser's default.
      const header = page.getByRole('banner');
      await expect(header).toHaveCSS('position', /sticky|relative|static/);
      expect(await page.getByRole('link', { name: 'Storefront home' }).evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('none');
    });
  }
});

test("renders in the shopper's language and keeps it through hydration", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL! }]);
  await context.addInitScript(() => localStorage.setItem('lang', 'ru'));
  const page = await context.newPage();
  const response = await page.goto('/shop/1');
  const html = await response!.text();
  expect(html).toContain('<html lang="ru"');
  expect(html).toContain('Перейти к содержимому');
  await expect(page.getByRole('link', { name: 'Главная' }).first()).toBeVisible();
  await expect(page.locator('[data-bus-id]').first()).toHaveAttribute('data-bus-id', /^bus-/);
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeVisible();
  await context.close();
});

test('a click right after hydration adds to the cart, with the usual toast', async ({ page }) => {
  await page.goto('/shop/1');
  await expect(page.locator('[data-bus-id]').first()).toHaveAttribute('data-bus-id', /^bus-/);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('Added to Cart Successfully!')).toBeVisible();
});

test('a search term in the address is shown as text by the server render too', async ({ page, request }) => {
  const term = '<script>window.__xss=1</script>';
  const html = await (await request.get(`/search?q=${encodeURIComponent(term)}`)).text();
  expect(html).toContain('data-rendered="server"');
  expect(html).not.toContain(term);
  await page.goto(`/search?q=${encodeURIComponent(term)}`);
  await expect(page.getByText(`Showing Results of ${term}`, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
});
