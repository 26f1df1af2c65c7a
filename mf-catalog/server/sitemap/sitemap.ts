// Sitemaps (sitemaps.org 0.9) of the shop's categories and every product: an index naming one
// sitemap of the pages and as many product sitemaps as the catalogue needs, each within the
// protocol's limit of 50,000 addresses, so a million products are 20 files. The pages' sitemap
// holds a listing per category; the gateway adds the shop's fixed pages from its route manifest
// (shell/server/sitemapPages.ts), which the catalogue does not know.

export const PRODUCTS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  /** Path on the shop, e.g. /shop/12. */
  path: string;
  lastmod?: string;
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** How many product sitemaps a catalogue of `total` products needs. */
export function productSitemapCount(total: number): number {
  return Math.ceil(Math.max(0, total) / PRODUCTS_PER_SITEMAP);
}

/** The sitemap index: the pages' sitemap, then products-1.xml .. products-N.xml. */
export function sitemapIndex(site: string, totalProducts: number): string {
  const names = ['pages.xml', ...Array.from({ length: productSitemapCount(totalProducts) }, (_, i) => `products-${i + 1}.xml`)];
  const entries = names.map((name) => `<sitemap><loc>${escapeXml(`${site}/sitemaps/${name}`)}</loc></sitemap>`).join('\n');
  return `${HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${entries}\n</sitemapindex>\n`;
}

/** One sitemap of shop addresses. */
export function urlSet(site: string, entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map(({ path, lastmod }) => `<url><loc>${escapeXml(site + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`)
    .join('\n');
  return `${HEADER}<urlset xmlns="${NAMESPACE}">\n${urls}\n</urlset>\n`;
}

/** One listing per category. */
export function categoryEntries(categories: readonly string[]): SitemapEntry[] {
  return categories.map((slug) => ({ path: `/shop?category=${encodeURIComponent(slug)}` }));
}
