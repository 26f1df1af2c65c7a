import { crumbName, matchRoute, routeManifest } from './routeManifest.ts';

describe('the route manifest', () => {
  it('names who renders each page address', () => {
    expect(matchRoute('/')).toMatchObject({ path: '/', owner: { remote: 'catalog', exposed: 'HomePage' } });
    expect(matchRoute('/shop/42')).toMatchObject({ owner: { remote: 'catalog', exposed: 'ProductPage' } });
    expect(matchRoute('/cart-list')).toMatchObject({ owner: { remote: 'cart', exposed: 'CartPage' } });
    expect(matchRoute('/checkout')).toMatchObject({ owner: { remote: 'checkout', exposed: 'CheckoutPage' } });
    expect(matchRoute('/about')).toMatchObject({ path: '/about', page: 'about' });
  });

  it('matches as the router does: a trailing slash, any case, one segment per parameter', () => {
    expect(matchRoute('/shop/')?.path).toBe('/shop');
    expect(matchRoute('/SHOP')?.path).toBe('/shop');
    expect(matchRoute('/shop/7/')?.path).toBe('/shop/:id');
    expect(matchRoute('/shop/7/reviews')).toBeUndefined();
    expect(matchRoute('/shopping')).toBeUndefined();
    expect(matchRoute('/nope')).toBeUndefined();
  });

  it('gives the back office every address under /admin, and no other', () => {
    for (const pathname of ['/admin', '/admin/', '/admin/orders', '/Admin/orders/0f0e/']) {
      expect(matchRoute(pathname)).toMatchObject({ owner: { remote: 'admin', exposed: 'AdminApp' }, indexable: false, inSitemap: false });
    }
    expect(matchRoute('/administration')).toBeUndefined();
    expect(matchRoute('/shop/admin')?.path).toBe('/shop/:id');
  });

  it("keeps a shopper's own pages from search engines, and lists only fixed public addresses in the sitemap", () => {
    expect(matchRoute('/checkout')).toMatchObject({ title: 'title.checkout', indexable: false, inSitemap: false });
    expect(matchRoute('/shop/7')).toMatchObject({ indexable: true, inSitemap: false });
    expect(matchRoute('/journal')).toMatchObject({ title: 'title.journal', indexable: true, inSitemap: true });
    for (const entry of routeManifest.filter((route) => route.inSitemap)) {
      expect([entry.path, entry.indexable, entry.path.includes(':')]).toEqual([entry.path, true, false]);
    }
  });

  it("names the back office's screens for the breadcrumb, as the router matches them; a shopper's pages go by their path", () => {
    expect(crumbName('/admin')).toBe('title.admin');
    expect(crumbName('/Admin/Orders/')).toBe('breadcrumb.adminOrders');
    expect(crumbName('/admin/products/import')).toBe('breadcrumb.adminImport');
    expect(crumbName('/admin/orders/0f1e')).toBeUndefined();
    expect(crumbName('/cart-list')).toBeUndefined();
    expect(crumbName('/nothing-here')).toBeUndefined();
  });
});
