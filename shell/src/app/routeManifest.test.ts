import { matchRoute, routeManifest } from './routeManifest.ts';

describe('the route manifest', () => {
  it('names who renders each page address', () => {
    expect(matchRoute('/')).toEqual({ path: '/', owner: { remote: 'catalog', exposed: 'HomePage' } });
    expect(matchRoute('/shop/42')).toMatchObject({ owner: { remote: 'catalog', exposed: 'ProductPage' } });
    expect(matchRoute('/cart-list')).toMatchObject({ owner: { remote: 'cart', exposed: 'CartPage' } });
    expect(matchRoute('/checkout')).toMatchObject({ owner: { remote: 'checkout', exposed: 'CheckoutPage' } });
    expect(matchRoute('/about')).toEqual({ path: '/about', page: 'about' });
  });

  it('matches as the router does: a trailing slash, any case, one segment per parameter', () => {
    expect(matchRoute('/shop/')?.path).toBe('/shop');
    expect(matchRoute('/SHOP')?.path).toBe('/shop');
    expect(matchRoute('/shop/7/')?.path).toBe('/shop/:id');
    expect(matchRoute('/shop/7/reviews')).toBeUndefined();
    expect(matchRoute('/shopping')).toBeUndefined();
    expect(matchRoute('/nope')).toBeUndefined();
  });
});
