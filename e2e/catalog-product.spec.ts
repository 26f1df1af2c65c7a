import { expect, test, type Page } from '@playwright/test';
import { api, catalogMain, dollars, storedCart, type ApiList, type ApiProduct } from './catalog-support.ts';

// The product page (/shop/{id}).

/** A product with a discount and stock, to see every part of the page. */
async function discounted(request: Parameters<typeof api>[0]): Promise<ApiProduct> {
  const { products } = await api<ApiList>(request, '/products?sortBy=discountPercentage&order=desc&limit=20');
  const found = products.find((p) => p.stock > 1 && p.discountPercentage > 0 && p.images.length >= 3);
  expect(found, 'the catalogue has a discounted product in stock').toBeTruthy();
  return found!;
}

/** Counts requests for one product (/api/catalog/products/{id}). */
function productRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/catalog\/products\/\d+$/.test(url.pathname)) urls.push(url.pathname);
  });
  return urls;
}

test.describe('product detail', () => {
  test('shows the product the page carries without asking the catalogue for it', async ({ page, request }) => {
    const product = await discounted(request);
    const urls = productRequests(page);
    await page.goto(`/shop/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page).toHaveTitle(`${product.title} | Storefront`);
    // Interact with everything that re-renders the page, then let the network settle: no request.
    await page.getByLabel('Size').selectOption('XL');
    await page.getByRole('button', { name: /Show picture 2 of/ }).click();
    await page.getByRole('button', { name: 'SHIPPING & RETURNS' }).click();
    await page.waitForLoadState('networkidle');
    expect(urls).toEqual([]);
  });

  test('asks for a product opened from the listing exactly once', async ({ page }) => {
    await page.goto('/shop');
    const urls = productRequests(page);
    const link = catalogMain(page).locator('article :is(h2, h3) a').first();
    const title = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Storefront`);
    await page.getByLabel('Size').selectOption('XL');
    await page.waitForLoadState('networkidle');
    expect(urls).toHaveLength(1);
  });

  test('shows title, stars, struck original price, current price, swatches, sizes and stock', async ({ page, request }) => {
    const product = await discounted(request);
    await page.goto(`/shop/${product.id}`);
    const main = catalogMain(page);
    await expect(main.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    const rating = String(Math.round(product.rating * 10) / 10);
    await expect(main.getByRole('img', { name: `Rated ${rating} out of 5` })).toBeVisible();
    await expect(main.locator('[data-star]')).toHaveCount(5);
    // Original = ceil(price / (1 - discount / 100)), struck through.
    const cents = Math.round(product.price * 100);
    const original = Math.floor((cents + (100 - product.discountPercentage) - 1) / (100 - product.discountPercentage));
    const struck = main.locator('del');
    await expect(struck).toContainText(
      dollars(Number.isInteger(product.discountPercentage) ? original : Math.ceil(product.price / (1 - product.discountPercentage / 100))),
    );
    await expect(main.getByText(dollars(product.price), { exact: false }).first()).toBeVisible();
    await expect(main.getByRole('radio')).toHaveCount(5);
    await expect(main.getByRole('group', { name: /Color/ })).toBeVisible();
    const size = main.getByLabel('Size');
    await expect(size).toHaveValue('S');
    await expect(size.locator('option')).toHaveText(['S', 'M', 'L', 'XL', 'XXL']);
    await expect(main.getByText(`${product.stock} Available in Stock`, { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Add To Wish List' })).toBeVisible();
  });

  test('shows every image; thumbnails switch the main one', async ({ page, request }) => {
    const product = await discounted(request);
    await page.goto(`/shop/${product.id}`);
    const main = catalogMain(page);
    const thumbs = main.getByRole('list', { name: 'Product images' }).getByRole('button');
    await expect(thumbs).toHaveCount(product.images.length);
    const big = main.getByRole('img', { name: new RegExp(`${product.title}, picture`) });
    await expect(big).toHaveAttribute('src', product.images[0]!);
    await expect(big).toHaveAttribute('fetchpriority', 'high');
    await thumbs.nth(2).click();
    await expect(big).toHaveAttribute('src', product.images[2]!);
    await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');
    // Arrow keys move along the thumbnails.
    await thumbs.nth(2).press('ArrowLeft');
    await expect(big).toHaveAttribute('src', product.images[1]!);
  });

  test('Add To Cart adds one and shows "Added to Cart Successfully!"', async ({ page, request }) => {
    const product = await discounted(request);
    await page.goto(`/shop/${product.id}`);
    await catalogMain(page).getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Added to Cart Successfully!', { exact: true })).toBeVisible();
    expect(await storedCart(page)).toEqual([expect.objectContaining({ id: product.id, qun: 1, title: product.title, price: product.price })]);
    await catalogMain(page).getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(async () => (await storedCart(page))[0]?.qun).toBe(2);
  });

  test('FEATURES & DETAILS and SHIPPING & RETURNS open to 96px', async ({ page, request }) => {
    const product = await discounted(request);
    await page.goto(`/shop/${product.id}`);
    const features = page.getByRole('button', { name: 'FEATURES & DETAILS' });
    const shipping = page.getByRole('button', { name: 'SHIPPING & RETURNS' });
    await expect(features).toHaveAttribute('aria-expanded', 'true');
    const featuresPanel = page.getByRole('region', { name: 'FEATURES & DETAILS' });
    await expect(featuresPanel).toContainText(product.description.slice(0, 40));
    expect((await featuresPanel.boundingBox())!.height).toBe(96);
    await expect(shipping).toHaveAttribute('aria-expanded', 'false');
    await shipping.click();
    await expect(shipping).toHaveAttribute('aria-expanded', 'true');
    const shippingPanel = page.getByRole('region', { name: 'SHIPPING & RETURNS' });
    await expect(shippingPanel).toBeVisible();
    expect((await shippingPanel.boundingBox())!.height).toBe(96);
    await features.click();
    await expect(features).toHaveAttribute('aria-expanded', 'false');
    await expect(featuresPanel).toBeHidden();
  });

  test('an out-of-stock product cannot be added, and says why', async ({ page, request }) => {
    const { products } = await api<ApiList>(request, '/products?limit=200&select=id,title,price,stock');
    const soldOut = products.find((p) => p.stock === 0);
    test.skip(!soldOut, 'no product without stock in the first 200');
    await page.goto(`/shop/${soldOut!.id}`);
    await expect(catalogMain(page).getByText('0 Available in Stock', { exact: true })).toBeVisible();
    await expect(catalogMain(page).getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    await expect(catalogMain(page).getByText(/out of stock/)).toBeVisible();
  });

  test('an unknown id says the product was not found and links back to the shop', async ({ page }) => {
    await page.goto('/shop/99999999');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('a malformed id is not found either, without asking the catalogue', async ({ page }) => {
    const urls = productRequests(page);
    await page.goto('/shop/not-a-number');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    expect(urls).toEqual([]);
  });
});
