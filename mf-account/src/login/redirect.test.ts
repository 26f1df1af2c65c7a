import { afterLoginPath, DEFAULT_AFTER_LOGIN, safeRedirectPath } from './redirect.ts';

describe('after login', () => {
  it('goes back where the shopper came from: router state (path or location) first, then ?next=', () => {
    expect(afterLoginPath({ from: '/checkout' }, '')).toBe('/checkout');
    expect(afterLoginPath({ from: { pathname: '/shop/12', search: '?x=1', hash: '#top' } }, '?next=/cart-list')).toBe('/shop/12?x=1#top');
    expect(afterLoginPath(null, '?next=%2Fcart-list')).toBe('/cart-list');
    expect(afterLoginPath(undefined, '')).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('never leaves the shop, nor loops back to /login or /sign-up', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login/',
      '/sign-up?x=1',
      '/a\nb',
      42,
      null,
    ]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
    expect(afterLoginPath({ from: '//evil.example' }, '?next=https://evil.example')).toBe(DEFAULT_AFTER_LOGIN);
  });
});
