// robots.txt: crawlers may read the catalogue's pages; a shopper's own pages (cart, checkout,
// account, wish list, comparison) and the APIs are not for them. Product pictures stay crawlable.

/** Pages that show one shopper's own state: nothing there for a search engine. */
export const PRIVATE_PAGES = ['/cart-list', '/checkout', '/login', '/sign-up', '/my-account', '/user', '/wishlist', '/compare'] as const;

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PAGES.map((page) => `Disallow: ${page}`),
    'Disallow: /api/',
    'Allow: /api/catalog/images/',
    'Disallow: /local-stripe/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
