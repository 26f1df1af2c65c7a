import type { FastifyInstance } from 'fastify';
import { routeManifest } from '../src/app/routeManifest.ts';

// The sitemap of the shop's pages, /sitemaps/pages.xml (the catalogue's sitemap index names it):
// the fixed addresses are the route manifest's, the category listings the catalogue's, which knows
// the categories. The index and the product sitemaps come from the catalogue as they are.

const UPSTREAM_TIMEOUT_MS = 10_000;

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The addresses of the route manifest a sitemap lists, in its order. */
export const sitemapPaths: readonly string[] = routeManifest.filter((entry) => entry.inSitemap).map((entry) => entry.path);

/** The catalogue's sitemap of category listings with the manifest's pages first, on the shop's public origin. */
export function withShopPages(categoryUrlSet: string, siteUrl: string): string {
  const opening = /<urlset[^>]*>\n/.exec(categoryUrlSet);
  if (!opening) throw new Error('the catalogue answered /sitemaps/pages.xml without a <urlset>');
  const at = opening.index + opening[0].length;
  const pages = sitemapPaths.map((path) => `<url><loc>${escapeXml(siteUrl + path)}</loc></url>\n`).join('');
  return categoryUrlSet.slice(0, at) + pages + categoryUrlSet.slice(at);
}

/** GET /sitemaps/pages.xml: the catalogue's category listings (from `catalogUrl`) and the shop's pages. */
export function registerSitemapPages(app: FastifyInstance, { catalogUrl, siteUrl }: { catalogUrl: string; siteUrl: string }): void {
  app.get('/sitemaps/pages.xml', async (request, reply) => {
    let sitemap: string;
    try {
      const upstream = await fetch(new URL('/sitemaps/pages.xml', catalogUrl), { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
      if (!upstream.ok) throw new Error(`the catalogue answered /sitemaps/pages.xml with ${upstream.status}`);
      sitemap = withShopPages(await upstream.text(), siteUrl);
      reply.header('cache-control', upstream.headers.get('cache-control') ?? 'public, max-age=3600');
    } catch (error) {
      request.log.warn({ err: error }, 'The catalogue did not answer');
      return reply.code(503).header('retry-after', '2').send({ message: 'The catalogue is not answering right now; please try again in a moment' });
    }
    return reply.type('application/xml; charset=utf-8').send(sitemap);
  });
}
