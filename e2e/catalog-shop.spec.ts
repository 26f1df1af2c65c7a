import { expect, test, type Page } from '@playwright/test';
import { api, cards, catalogMain, dollars, openInApp, storedCart, type ApiList } from './catalog-support.ts';

// The shop listing (/shop): filters, sort, pagination, loading and error states.

const listingRequests = (page: Page) => {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/catalog\/products(\/search)?$/.test(url.pathname)) urls.push(url);
  });
  return urls;
};

const results = (page: Page) => catalogMain(page).getByRole('region', { name: 'Products' });
const pagination = (page: Page) => catalogMain(page).getByRole('navigation', { name: 'Pages' });

test.describe('shop listing', () => {
  test('starts with all products, Featured, 6 per page, grid, page 1', async ({ page, request }) => {
    const all = await api<ApiList>(request, '/products?limit=6&select=id,title');
    const urls = listingRequests(page);
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Product' })).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).first()).toContainText(all.products[0]!.title);
    await expect(catalogMain(page).getByText(`Showing 1–6 of ${all.total} results`)).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('featured');
    await expect(page.getByLabel('Sort by').locator('option')).toHaveText(['Featured', 'Best Seller', 'New Arrival', 'Final Offer']);
    await expect(page.getByLabel('Show')).toHaveValue('6');
    await expect(page.getByLabel('Show').locator('option')).toHaveText(['6', '12', '18', '24', '30', '36']);
    await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(pagination(page).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    // Server-side paging: one page asked for, never the whole catalogue (by the browser, or by the
    // server render, whose answers the page carries).
    const carried = await page.evaluate(() =>
      Object.keys((JSON.parse(document.getElementById('route-data')?.textContent ?? '{}') as { answers?: object }).answers ?? {}),
    );
    urls.push(...carried.filter((url) => /^\/api\/catalog\/products(\?|$)/.test(url)).map((url) => new URL(url, 'http://page')));
    const listing = urls.find((url) => url.searchParams.get('facets') === '1');
    expect(listing?.searchParams.get('limit')).toBe('6');
    expect(urls.every((url) => url.searchParams.get('limit') !== '0')).toBe(true);
  });

  test("cards show title, '$price', brand, '-{discount}%' badge, thumbnail, add to cart and a link to the product", async ({ page, request }) => {
    const { products } = await api<ApiList>(request, '/products?limit=6');
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(6);
    for (const [index, product] of products.entries()) {
      const card = cards(page).nth(index);
      await expect(card.getByRole('link', { name: product.title })).toHaveAttribute('href', `/shop/${product.id}`);
      await expect(card).toContainText(dollars(product.price));
      if (product.brand) await expect(card).toContainText(product.brand, { ignoreCase: true });
      if (Math.round(product.discountPercentage) > 0) await expect(card).toContainText(`-${Math.round(product.discountPercentage)}%`);
      const image = card.locator('img');
      await expect(image).toHaveAttribute('src', product.thumbnail);
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
      await expect(card.getByRole('button', { name: /Add to Cart/ })).toBeVisible();
    }
    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/shop/${products[0]!.id}$`));
  });

  test("add to cart stores the product and shows 'Added to Cart, Successfully!'", async ({ page, request }) => {
    const { products } = await api<ApiList>(request, '/products?limit=6');
    const inStock = products.findIndex((product) => product.stock > 0);
    await page.goto('/shop');
    await cards(page)
      .nth(inStock)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(page.getByText('Added to Cart, Successfully!', { exact: true })).toBeVisible();
    expect(await storedCart(page)).toEqual([expect.objectContaining({ id: products[inStock]!.id, qun: 1 })]);
  });

  test('the category filter narrows the list, highlights the choice and lives in the URL', async ({ page, request }) => {
    const furniture = await api<ApiList>(request, '/products?category=furniture&limit=6&select=id,title');
    await page.goto('/shop');
    const filters = page.getByRole('complementary', { name: 'Product filters' });
    await expect(filters.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
    await expect(filters.getByRole('link', { name: /^All/ }).first()).toHaveAttribute('aria-current', 'true');
    await filters.getByRole('link', { name: /^Furniture/ }).click();
    await expect(page).toHaveURL(/\/shop\?category=furniture$/);
    await expect(filters.getByRole('link', { name: /^Furniture/ })).toHaveAttribute('aria-current', 'true');
    await expect(catalogMain(page).getByText(`of ${furniture.total} results`)).toBeVisible();
    await expect(cards(page).first()).toContainText(furniture.products[0]!.title);
    // Back to all.
    await filters.getByRole('link', { name: /^All/ }).first().click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("the header's 'Shop by Category' entries open the listing filtered to that category", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Shop by Category' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Electronics' }).click();
    await expect(page).toHaveURL(/\/shop\?category=electronics$/);
    const filters = page.getByRole('complementary', { name: 'Product filters' });
    await expect(filters.getByRole('link', { name: /^Electronics/ })).toHaveAttribute('aria-current', 'true');
    await expect(cards(page)).toHaveCount(6);
  });

  test('Shop by Brand is closed by default, opens, and filters by brand', async ({ page, request }) => {
    const { facets } = await api<ApiList>(request, '/products?limit=1&select=id,title,price&facets=1');
    const brand = facets!.brands[0]!;
    await page.goto('/shop');
    const toggle = page.getByRole('button', { name: 'Shop by Brand' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const filters = page.getByRole('complementary', { name: 'Product filters' });
    await expect(filters.getByRole('link', { name: new RegExp(`^${brand.name}`) })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await filters.getByRole('link', { name: new RegExp(`^${brand.name}`) }).click();
    await expect(page).toHaveURL(new RegExp(`brand=${encodeURIComponent(brand.name).replace(/%20/g, '\\+')}`));
    await expect(catalogMain(page).getByText(`of ${brand.count} results`)).toBeVisible();
    const count = await cards(page).count();
    for (let i = 0; i < count; i++) await expect(cards(page).nth(i)).toContainText(brand.name, { ignoreCase: true });
    // The other brands stay on offer.
    await expect(filters.getByRole('link', { name: new RegExp(`^${facets!.brands[1]!.name}`) })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('Shop by Color is closed by default and filters by colour', async ({ page, request }) => {
    const red = await api<ApiList>(request, '/products?color=red&limit=1&select=id,title,price');
    await page.goto('/shop');
    const toggle = page.getByRole('button', { name: 'Shop by Color' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await page.getByRole('complementary', { name: 'Product filters' }).getByRole('link', { name: /^Red/ }).click();
    await expect(page).toHaveURL(/color=red/);
    await expect(catalogMain(page).getByText(`of ${red.total} results`)).toBeVisible();
  });

  test('Shop by Price offers the five spec ranges and filters by price', async ({ page }) => {
    await page.goto('/shop');
    const filters = page.getByRole('complementary', { name: 'Product filters' });
    await expect(filters.getByRole('heading', { name: 'Shop by Price' })).toBeVisible();
    for (const label of ['$0.00-$9.99', '$10.00-$19.99', '$20.00-$29.99', '$30.00-$39.99', '$40.00-$69.99']) {
      await expect(filters.getByRole('link', { name: new RegExp(`^${label.replace(/\$/g, '\\$')}`) })).toBeVisible();
    }
    const answered = page.waitForResponse((response) => response.url().includes('minPrice=10&maxPrice=19.99'));
    await filters.getByRole('link', { name: /^\$10\.00-\$19\.99/ }).click();
    await expect(page).toHaveURL(/price=10-19\.99/);
    expect((await answered).url()).toContain('/api/catalog/products?minPrice=10&maxPrice=19.99');
    await expect(results(page)).not.toHaveAttribute('aria-busy', 'true');
    const texts = await cards(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      const value = Number(/\$([\d,]+\.\d\d)/.exec(text)![1]!.replace(/,/g, ''));
      expect(value).toBeGreaterThanOrEqual(10);
      expect(value).toBeLessThanOrEqual(19.99);
    }
  });

  test('Sort by orders on the server: Best Seller, New Arrival, Final Offer', async ({ page, request }) => {
    const cases = [
      ['Best Seller', 'best-seller', '/products?sortBy=rating&order=desc&limit=6&select=id,title'],
      ['New Arrival', 'new-arrival', '/products?sortBy=createdAt&order=desc&limit=6&select=id,title'],
      ['Final Offer', 'final-offer', '/products?sortBy=discountPercentage&order=desc&limit=6&select=id,title'],
    ] as const;
    await page.goto('/shop');
    for (const [label, value, path] of cases) {
      const expected = await api<ApiList>(request, path);
      await page.getByLabel('Sort by').selectOption({ label });
      await expect(page).toHaveURL(new RegExp(`sort=${value}`));
      await expect(cards(page).first()).toContainText(expected.products[0]!.title);
      await expect(cards(page).nth(5)).toContainText(expected.products[5]!.title);
    }
  });

  test('Show changes the page size; numbered pages with bounded previous and next', async ({ page, request }) => {
    const { total } = await api<ApiList>(request, '/products?limit=1&select=id,title,price');
    const pages = Math.ceil(total / 12);
    await page.goto('/shop');
    await page.getByLabel('Show').selectOption('12');
    await expect(page).toHaveURL(/perPage=12/);
    await expect(cards(page)).toHaveCount(12);
    const nav = pagination(page);
    // Previous on the first page does nothing (it says so, and clicking it changes nothing).
    await expect(nav.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await nav.getByRole('button', { name: 'Previous' }).click({ force: true });
    await expect(page).toHaveURL(/\/shop\?perPage=12$/);
    await nav.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(catalogMain(page).getByText(`Showing 13–24 of ${total} results`)).toBeVisible();
    await nav.getByRole('button', { name: `Page ${pages}` }).click();
    await expect(nav.getByRole('button', { name: `Page ${pages}` })).toHaveAttribute('aria-current', 'page');
    // Next on the last page does nothing.
    await expect(nav.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await nav.getByRole('button', { name: 'Next' }).click({ force: true });
    await expect(page).toHaveURL(new RegExp(`page=${pages}`));
    await expect(nav.getByRole('button', { name: `Page ${pages}` })).toHaveAttribute('aria-current', 'page');
  });

  test('changing per-page keeps the page, pulled into range', async ({ page, request }) => {
    const { total } = await api<ApiList>(request, '/products?limit=1&select=id,title,price');
    const lastAt6 = Math.ceil(total / 6);
    await page.goto(`/shop?page=${lastAt6}`);
    await expect(pagination(page).getByRole('button', { name: `Page ${lastAt6}` })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Show').selectOption('36');
    const lastAt36 = Math.ceil(total / 36);
    await expect(page).toHaveURL(new RegExp(`page=${lastAt36}&perPage=36`));
    await expect(pagination(page).getByRole('button', { name: `Page ${lastAt36}` })).toHaveAttribute('aria-current', 'page');
    // From page 2, a bigger page size keeps page 2 when it exists.
    await page.goto('/shop?page=2');
    await page.getByLabel('Show').selectOption('12');
    await expect(page).toHaveURL(/page=2&perPage=12/);
  });

  test('grid shows 3 columns, list 1 column', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(6);
    const tops = async () => Promise.all((await cards(page).all()).slice(0, 3).map(async (card) => (await card.boundingBox())!.y));
    const [a, b, c] = await tops();
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect((await cards(page).nth(3).boundingBox())!.y).toBeGreaterThan(a!);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    const [x, y] = await tops();
    expect(y).toBeGreaterThan(x!);
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page).not.toHaveURL(/view=list/);
  });

  test('the whole listing state survives reload and back', async ({ page, request }) => {
    const expected = await api<ApiList>(request, '/products?category=bags&sortBy=discountPercentage&order=desc&limit=12&skip=12&select=id,title');
    await page.goto('/shop?category=bags&sort=final-offer&page=2&perPage=12&view=list');
    await expect(cards(page).first()).toContainText(expected.products[0]!.title);
    await page.reload();
    await expect(cards(page).first()).toContainText(expected.products[0]!.title);
    await expect(page.getByLabel('Sort by')).toHaveValue('final-offer');
    await expect(page.getByLabel('Show')).toHaveValue('12');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await pagination(page).getByRole('button', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/category=bags&sort=final-offer&perPage=12&view=list$/);
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page).first()).toContainText(expected.products[0]!.title);
  });

  test('an empty result says so and offers to clear the filters', async ({ page }) => {
    await page.goto('/shop?brand=No%20Such%20Brand');
    await expect(catalogMain(page).getByText('No products match these filters.')).toBeVisible();
    await catalogMain(page).getByRole('link', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(cards(page)).toHaveCount(6);
  });

  test('a failed load shows an error with a Retry that works', async ({ page }) => {
    let fail = true;
    await page.route(/\/api\/catalog\/products\?/, (route) => (fail ? route.fulfill({ status: 503, body: '{"message":"down"}' }) : route.continue()));
    await openInApp(page, '/shop');
    await expect(catalogMain(page).getByRole('alert')).toContainText('The products could not be loaded');
    fail = false;
    await catalogMain(page).getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page)).toHaveCount(6);
  });

  test('shows loading placeholders of the same size while products load', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/catalog\/products\?/, async (route) => {
      await gate;
      await route.continue();
    });
    await openInApp(page, '/shop');
    await expect(results(page).locator('[data-skeleton]')).toHaveCount(6);
    release();
    await expect(cards(page)).toHaveCount(6);
  });
});
