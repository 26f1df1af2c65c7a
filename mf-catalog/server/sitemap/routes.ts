import type { FastifyInstance } from 'fastify';
import createError from 'http-errors';
import type { ProductRepository } from '../storage/repository.ts';
import { PRODUCTS_PER_SITEMAP, categoryEntries, productSitemapCount, sitemapIndex, urlSet } from './sitemap.ts';

// Crawlers come back daily at most; an hour keeps a million products from being listed on every visit.
const SITEMAP_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** /sitemap.xml and /sitemaps/*.xml, with addresses on `site` (the shop's public origin). */
export function registerSitemapRoutes(app: FastifyInstance, deps: { repository: ProductRepository; site: string }): void {
  const { repository, site } = deps;

  app.get('/sitemap.xml', async (_request, reply) => {
    const total = await repository.countProducts();
    return reply.header('cache-control', SITEMAP_CACHE).type(XML).send(sitemapIndex(site, total));
  });

  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const { categories } = await repository.facetCounts({});
    return reply
      .header('cache-control', SITEMAP_CACHE)
      .type(XML)
      .send(urlSet(site, categoryEntries([...categories.keys()].sort())));
  });

  app.get<{ Params: { page: string } }>('/sitemaps/products-:page', async (request, reply) => {
    const match = /^([1-9][0-9]{0,5})\.xml$/.exec(request.params.page);
    const page = match ? Number(match[1]) : 0;
    if (!page || page > productSitemapCount(await repository.countProducts())) throw createError(404, `No sitemap ${request.params.page.slice(0, 40)}`);
    const products = await repository.sitemapEntries((page - 1) * PRODUCTS_PER_SITEMAP, PRODUCTS_PER_SITEMAP);
    const entries = products.map(({ id, updatedAt }) => ({ path: `/shop/${id}`, lastmod: updatedAt.slice(0, 10) }));
    return reply.header('cache-control', SITEMAP_CACHE).type(XML).send(urlSet(site, entries));
  });
}
