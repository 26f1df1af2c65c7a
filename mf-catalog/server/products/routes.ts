import type { FastifyInstance, FastifyReply } from 'fastify';
import createError from 'http-errors';
import type { SearchService } from '../search/service.ts';
import type { ProductRepository } from '../storage/repository.ts';
import { buildFacets, FacetService } from './facets.ts';
import { isCategorySlug } from './model.ts';
import { ProductJsonCache, type ProductJson } from './productJson.ts';
import { parseListRequest, parseProductId, parseSearchRequest, parseSelect, type ListRequest, type WordSearchOptions } from './query.ts';
import { recordSearch } from '../metrics/registry.ts';

export interface ProductRoutesOptions {
  repository: ProductRepository;
  imageBase: string;
  apiBase: string;
  /** The header menu's categories, in order: their entries carry `menu` (1, 2, ...). */
  menuCategories: readonly string[];
  maxLimit: number;
  countCacheTtlMs: number;
  /** Products kept as ready JSON (0 = none) and for how long at most. */
  productCache: { maxEntries: number; ttlMs: number };
  /** The word search (match=words); without it such requests are refused. */
  search?: SearchService;
}

// Product data changes rarely and stock is re-checked at checkout, so a minute of caching is safe.
const PRODUCT_CACHE = 'public, max-age=60';
const JSON_TYPE = 'application/json; charset=utf-8';

/** True when an If-None-Match header lists this entity tag (or is '*'); weak tags compare by value. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export function registerProductRoutes(app: FastifyInstance, options: ProductRoutesOptions): void {
  const { repository, imageBase, maxLimit } = options;
  const facets = new FacetService(repository, options.countCacheTtlMs);
  const products = new ProductJsonCache(repository, imageBase, options.productCache);

  /**
   * The envelope {products, total, skip, limit[, facets]}, written out directly from the products'
   * ready JSON: the same bytes JSON.stringify gave, without serialising every product every time.
   */
  async function listing(reply: FastifyReply, rawQuery: unknown, category?: string): Promise<string> {
    return listed(reply, parseListRequest(rawQuery, maxLimit, category ? { category } : {}));
  }

  function envelope(page: readonly ProductJson[], request: ListRequest, total: number): string {
    let body = '{"products":[';
    for (let i = 0; i < page.length; i++) body += (i === 0 ? '' : ',') + page[i]!.render(request.select);
    return `${body}],"total":${total},"skip":${request.query.skip},"limit":${page.length}`;
  }

  /** `searched`: told the total of a listing that searched for words (q); `more`: members added to the envelope. */
  async function listed(reply: FastifyReply, request: ListRequest, searched?: (total: number) => void, more = ''): Promise<string> {
    if (request.ids) {
      const found = await products.many(request.ids, request.select);
      reply.header('cache-control', PRODUCT_CACHE).header('content-type', JSON_TYPE);
      return `{"products":[${found.map((product) => product.render(request.select)).join(',')}],"total":${found.length},"skip":0,"limit":${found.length}}`;
    }
    const [{ ids, total, totalIsLowerBound }, facetJson] = await Promise.all([
      repository.listProductIds(request.query),
      request.facets ? facets.facetsJson(request.query) : undefined,
    ]);
    searched?.(total);
    let body = envelope(await products.many(ids, request.select), request, total);
    if (totalIsLowerBound) body += ',"totalIsLowerBound":true';
    if (facetJson !== undefined) body += `,"facets":${facetJson}`;
    reply.header('cache-control', PRODUCT_CACHE).header('content-type', JSON_TYPE);
    return `${body}${more}}`;
  }

  app.get('/products', async (request, reply) => listing(reply, request.query));

  /** The shop's word search: the ranked page, with how the query was read (docs/api.md, "Word search"). */
  async function wordSearch(reply: FastifyReply, request: ListRequest, text: string, reading: WordSearchOptions): Promise<string> {
    if (!options.search) throw createError(503, 'Word search is not available on this catalogue service');
    if (!options.search.readiness().ready) return substringSearch(reply, request, text, reading);
    const [answer, categories] = await Promise.all([
      options.search.search({ text, query: request.query, facets: request.facets, ...reading }),
      request.facets ? facets.categories() : undefined,
    ]);
    if (text.trim()) recordSearch('words', reading.prefix ? 'prefix' : reading.typos ? 'typos' : 'exact', answer.total);
    let body = envelope(await products.many(answer.ids, request.select), request, answer.total);
    if (answer.facets && categories)
      body += `,"facets":${JSON.stringify(
        buildFacets(
          answer.facets,
          categories.map((category) => category.slug),
        ),
      )}`;
    reply.header('cache-control', PRODUCT_CACHE).header('content-type', JSON_TYPE);
    return `${body},"search":${JSON.stringify(answer.search)}}`;
  }

  /**
   * A word search that arrives while the index is still being built (up to a minute after an
   * instance starts at a million products) gets the route's DummyJSON substring search rather than a
   * 503 with Retry-After. The balancer sends nothing to an instance that is not ready yet, so this
   * answers whoever asks it directly (a single instance with no balancer in front, a client that ignores
   * readiness), and for a shopper a page of products without typo tolerance beats an error page. It
   * is sound because that search is indexed on both engines (FTS5 trigrams, pg_trgm): it costs what a
   * DummyJSON search costs, whatever the index is doing. `search` says nothing was corrected and read
   * no words, and the answer is not cached: the next one may come from the index.
   */
  async function substringSearch(reply: FastifyReply, request: ListRequest, text: string, reading: WordSearchOptions): Promise<string> {
    const search = { query: text.trim(), corrected: null, words: [] };
    const body = await listed(
      reply,
      request,
      (total) => recordSearch('listing', reading.prefix ? 'prefix' : 'plain', total),
      `,"search":${JSON.stringify(search)}`,
    );
    reply.header('cache-control', 'no-store');
    return body;
  }

  app.get('/products/search', async (request, reply) => {
    const { list, words } = parseSearchRequest(request.query, maxLimit);
    if (words && !list.ids) return wordSearch(reply, list, list.query.q ?? '', words);
    const text = list.query.q?.trim();
    return listed(reply, list, text && !list.ids ? (total) => recordSearch('listing', 'plain', total) : undefined);
  });

  // Categories are data: the ones the catalogue's products carry, by slug, as DummyJSON lists them.
  app.get('/products/categories', async (_request, reply) => {
    const categories = await facets.categories();
    reply.header('cache-control', PRODUCT_CACHE);
    return categories.map(({ slug, name }) => {
      const menu = options.menuCategories.indexOf(slug) + 1;
      return { slug, name, url: `${options.apiBase}/products/category/${slug}`, ...(menu > 0 ? { menu } : {}) };
    });
  });

  app.get('/products/category-list', async (_request, reply) => {
    const categories = await facets.categories();
    reply.header('cache-control', PRODUCT_CACHE);
    return categories.map(({ slug }) => slug);
  });

  // A category nobody holds is an empty listing, as on DummyJSON; a malformed slug is a 404.
  app.get<{ Params: { slug: string } }>('/products/category/:slug', async (request, reply) => {
    const { slug } = request.params;
    if (!isCategorySlug(slug)) throw createError(404, `Category '${slug.slice(0, 60)}' not found`);
    return listing(reply, request.query, slug);
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/products/:id', async (request, reply) => {
    const id = parseProductId(request.params.id);
    // The common case, no query string at all, skips the validator.
    const select = request.query && 'select' in request.query ? parseSelect(request.query) : null;
    const product = await products.one(id);
    if (!product) throw createError(404, `Product with id '${request.params.id}' not found`);
    reply.header('cache-control', PRODUCT_CACHE).header('content-type', JSON_TYPE);
    if (select === null) {
      // Lets a browser or CDN revalidate after max-age with a 304 instead of the whole product.
      reply.header('etag', product.etag);
      if (matchesEtag(request.headers['if-none-match'], product.etag)) return reply.code(304).send();
    }
    return product.render(select);
  });
}
