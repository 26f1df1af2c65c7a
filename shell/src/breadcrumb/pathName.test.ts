import { breadcrumbTrail } from './pathName.ts';

describe('breadcrumbTrail', () => {
  it('has no trail on the home page', () => {
    expect(breadcrumbTrail('/')).toEqual([]);
  });

  it('shows dashes as spaces', () => {
    expect(breadcrumbTrail('/cart-list')).toEqual([{ name: 'cart list', to: '/cart-list' }]);
    expect(breadcrumbTrail('/my-account')).toEqual([{ name: 'my account', to: '/my-account' }]);
  });

  it('links every level of a nested path', () => {
    expect(breadcrumbTrail('/shop/12')).toEqual([
      { name: 'shop', to: '/shop' },
      { name: '12', to: '/shop/12' },
    ]);
  });

  it('survives malformed escapes in the address', () => {
    expect(breadcrumbTrail('/%E0%A4%A')).toEqual([{ name: '%E0%A4%A', to: '/%E0%A4%A' }]);
  });
});
