import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { ProductRepository } from '../storage/repository.ts';
import { FacetService } from './facets.ts';
import { CATEGORIES, isCategorySlug, type CategorySlug } from './model.ts';
import { presentProduct } from './present.ts';
import { parseListRequest, parseProductId, parseSelect } from './query.ts';

export interface ProductRoutesOptions {
  repository: ProductRepository;
  imageBase: string;
  apiBase: string;
  maxLimit: number;
  countCacheTtlMs: number;
}

// Product data changes rarely and stock is re-checked at checkout, so a minute of caching is safe.
const PRODUCT_CACHE = 'public, max-age=60';
const CATEGORY_CACHE = 'public, max-age=3600';

export function registerProductRoutes(app: FastifyInstance, options: ProductRoutesOptions): void {
  const { repository, imageBase, maxLimit } = options;
  const facets = new FacetService(repository, options.countCacheTtlMs);

  async function listing(rawQuery: unknown, category?: CategorySlug) {
    const request = parseListRequest(rawQuery, maxLimit, category ? { category } : {});
    const [{ rows, total }, facetResult] = await Promise.all([
      repository.listProducts(request.query),
      request.facets ? facets.facets(request.query) : undefined,
    ]);
    return {
      products: rows.map((row) => presentProduct(row, imageBase, request.select)),
      total,
      skip: request.query.skip,
      limit: rows.length,
      ...(facetResult ? { facets: facetResult } : {}),
    };
  }

  app.get('/products', async (request, reply) => {
    reply.header('cache-control', PRODUCT_CACHE);
    return listing(request.query);
  });

  app.get('/products/search', async (request, reply) => {
    reply.header('cache-control', PRODUCT_CACHE);
    return listing(request.query);
  });

  app.get('/products/categories', async (_request, reply) => {
    reply.header('cache-control', CATEGORY_CACHE);
    return CATEGORIES.map(({ slug, name }) => ({ slug, name, url: `${options.apiBase}/products/category/${slug}` }));
  });

  app.get('/products/category-list', async (_request, reply) => {
    reply.header('cache-control', CATEGORY_CACHE);
    return CATEGORIES.map(({ slug }) => slug);
  });

  app.get<{ Params: { slug: string } }>('/products/category/:slug', async (request, reply) => {
    const { slug } = request.params;
    if (!isCategorySlug(slug)) throw new HttpError(404, `Category '${slug.slice(0, 60)}' not found`);
    reply.header('cache-control', PRODUCT_CACHE);
    return listing(request.query, slug);
  });

  app.get<{ Params: { id: string } }>('/products/:id', async (request, reply) => {
    const id = parseProductId(request.params.id);
    const select = parseSelect(request.query);
    const product = await repository.getProduct(id);
    if (!product) throw new HttpError(404, `Product with id '${request.params.id}' not found`);
    reply.header('cache-control', PRODUCT_CACHE);
    return presentProduct(product, imageBase, select);
  });
}
