import { expect, test } from '@playwright/test';

// Adding from the catalogue remote updates the cart remote's badge, mini-cart and page at once,
// through the shared bus and cart state, with no reload.
test('adding from the listing and from a product page fills the badge, the mini-cart and the cart page', async ({ page, request }) => {
  const { products } = (await (await request.get('/api/catalog/products?limit=6')).json()) as {
    products: Array<{ id: number; title: string; stock: number }>;
  };
  const listed = products.findIndex((product) => product.stock > 1);
  const other = products.find((product, index) => index !== listed && product.stock > 1);
  expect(listed).toBeGreaterThanOrEqual(0);
  expect(other).toBeTruthy();

  const header = page.getByRole('banner');
  const badge = header.getByTestId('cart-badge');
  await page.goto('/shop');
  await expect(badge).toHaveCount(0);
  await page
    .locator('main [data-remote="catalog"] article')
    .nth(listed)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(badge).toHaveText('1');

  await page.goto(`/shop/${other!.id}`);
  await page.locator('main [data-remote="catalog"]').getByRole('button', { name: 'Add To Cart' }).click();
  await expect(badge).toHaveText('2');

  await header.getByRole('button', { name: /^Cart, 2 items/ }).click();
  const miniCart = header.getByRole('region', { name: /cart/i });
  await expect(miniCart.getByText(products[listed]!.title)).toBeVisible();
  await expect(miniCart.getByText(other!.title)).toBeVisible();
  await miniCart.getByRole('link', { name: 'View Cart' }).click();

  await expect(page).toHaveURL(/\/cart-list$/);
  const table = page.locator('main [data-remote="cart"]').getByRole('table');
  await expect(table.getByRole('link', { name: products[listed]!.title })).toBeVisible();
  await expect(table.getByRole('link', { name: other!.title })).toBeVisible();
});
