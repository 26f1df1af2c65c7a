import { routeHead, shorten } from './routeHead.ts';
import type { HeadProduct } from './routeData.ts';

const site = 'https://shop.example';
const product: HeadProduct = {
  id: 3,
  title: 'Lamp',
  price: 20,
  description: '',
  stock: 4,
  brand: null,
  category: 'lighting',
  thumbnail: 'https://cdn.example/lamp.webp',
  images: [],
};

describe('routeHead', () => {
  it('cuts a long description at a word, with an ellipsis, within what search engines show', () => {
    const text = `${'word '.repeat(40)}end`;
    const cut = shorten(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
    expect(shorten('  short   text ')).toBe('short text');
  });

  it('describes a product without a description or gallery by its title and thumbnail, priced in dollars and cents', () => {
    const head = routeHead({ siteUrl: site, pathname: '/shop/3', search: new URLSearchParams(), product });
    expect(head).toMatchObject({
      title: 'Lamp | Storefront',
      description: 'Lamp at Storefront.',
      image: 'https://cdn.example/lamp.webp',
      preloadImage: 'https://cdn.example/lamp.webp',
    });
    expect(head.jsonLd).toMatchObject({
      image: ['https://cdn.example/lamp.webp'],
      category: 'Lighting',
      offers: { price: '20.00', availability: 'https://schema.org/InStock' },
    });
    expect(head.jsonLd).not.toHaveProperty('brand');
  });

  it('files an empty search, the account and checkout pages nowhere', () => {
    for (const pathname of ['/search', '/checkout', '/my-account', '/wishlist', '/compare']) {
      expect(routeHead({ siteUrl: site, pathname, search: new URLSearchParams() })).toMatchObject({ canonical: null, indexable: false });
    }
  });
});
