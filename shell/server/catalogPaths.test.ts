import { isPublicCatalogPath } from './catalogPaths.ts';

describe('which catalogue paths the gateway forwards', () => {
  it.each([
    '/api/catalog/products',
    '/api/catalog/products/',
    '/api/catalog/products?limit=0&q=../stock',
    '/api/catalog/products/12',
    '/api/catalog/products/search?q=%2e%2e%2fstock',
    '/api/catalog/products/category/bags?sortBy=price',
    '/api/catalog/products/categories',
    '/api/catalog/openapi.json',
    '/api/catalog/images/products/12/chair-blue-1.svg',
    '/api/catalog/images/banners/1.svg',
  ])('forwards the public %s', (url) => {
    expect(isPublicCatalogPath(url)).toBe(true);
  });

  // Found by gateway.fuzz.test.ts: the first two reached the stock API through the old prefix check.
  it.each([
    '/api/catalog/./stock/reservations',
    '/api/catalog/%73tock/reservations',
    '/api/catalog/stock/reservations',
    '/api/catalog/stock',
    '/api/catalog/products/../stock/reservations',
    '/api/catalog/products/..%2Fstock%2Freservations',
    '/api/catalog/products/%2e%2e/stock/reservations',
    '/api/catalog/images/../stock/reservations',
    '/api/catalog//stock/reservations',
    '/api/catalog/%2573tock/reservations',
    '/api/catalog/products/%zz',
    '/api/catalog/products\\..\\stock',
    '/api/catalog/products;/../stock',
    '/api/catalog',
    '/api/catalog/',
    '/api/catalog/admin',
    '/api/catalog/%70roducts/../stock',
  ])('refuses %s', (url) => {
    expect(isPublicCatalogPath(url)).toBe(false);
  });
});
