import { z } from 'zod';
import { categorySlug, dollars, flag, idList, integer, list, oneOf, text, withoutEmpty } from '../http/params.ts';
import createError from 'http-errors';
import { parseOr400 } from '../http/errors.ts';
import { COLOR_NAMES, PRODUCT_FIELDS, SORT_KEYS, type ColorName, type ListQuery, type ProductField } from './model.ts';

/** Deep pages are allowed, absurd offsets are a client bug worth reporting. */
const MAX_SKIP = 100_000_000;
const DEFAULT_LIMIT = 30;

/** Most products one `ids=` lookup may name: a cart, a wish list, a comparison. */
export const MAX_IDS = 100;

export interface ListRequest {
  query: ListQuery;
  select: ProductField[] | null;
  facets: boolean;
  /** `ids=3,8,21`: exactly these products, in this order (unknown ones left out), in one request. */
  ids?: number[];
}

function listFields(maxLimit: number) {
  return z.object({
    limit: integer('limit', 0, maxLimit).optional().describe(`Products per page, 0 for all (at most ${maxLimit}); 30 when left out`),
    skip: integer('skip', 0, MAX_SKIP).optional().describe('Products to skip before the page'),
    select: list('select', PRODUCT_FIELDS)
      .optional()
      .describe(`Fields to answer besides id, comma-separated: ${PRODUCT_FIELDS.join(', ')}`),
    sortBy: oneOf('sortBy', SORT_KEYS)
      .optional()
      .describe(`Sort key: ${SORT_KEYS.join(', ')}; id when left out`),
    order: oneOf('order', ['asc', 'desc'] as const)
      .optional()
      .describe('asc or desc; asc when left out'),
    q: text('q', 100).optional().describe('Text the title or description contains, ignoring case'),
    category: categorySlug('category').optional().describe('A category slug, e.g. furniture (see /products/category-list)'),
    brand: text('brand', 100).optional().describe('Exact brand name'),
    color: oneOf('color', COLOR_NAMES)
      .optional()
      .describe(`A colour: ${COLOR_NAMES.join(', ')}`),
    minPrice: dollars('minPrice').optional().describe('Lowest price in dollars, inclusive'),
    maxPrice: dollars('maxPrice').optional().describe('Highest price in dollars, inclusive'),
    facets: flag('facets').optional().describe('1 or true: add counts per category, brand, colour and price range'),
    ids: idList('ids', MAX_IDS).optional().describe(`Exactly these products (at most ${MAX_IDS}), comma-separated; combine only with select`),
  });
}

/** The search route's own parameters: the shop's word search (docs/api.md, "Word search"). */
const WORD_SEARCH_FIELDS = {
  match: oneOf('match', ['words'] as const)
    .optional()
    .describe(
      "words: every word matches on its own across title, brand, category, colour and description, with plurals, typos and ranking, and titles containing the text as typed (3+ characters) follow; left out: DummyJSON's substring search",
    ),
  typos: oneOf('typos', ['on', 'off'] as const)
    .optional()
    .describe('With match=words: off reads every word as typed (no typo correction); on when left out'),
  prefix: oneOf('prefix', ['on', 'off'] as const)
    .optional()
    .describe('With match=words: on lets the last word match longer words it begins (suggestions while typing); off when left out'),
};

function refined<T extends z.ZodType<{ ids?: number[]; minPrice?: number; maxPrice?: number }>>(schema: T) {
  return schema
    .refine((v) => v.ids === undefined || Object.keys(v).every((key) => key === 'ids' || key === 'select'), {
      error: "'ids' names the products itself: combine it only with 'select'",
    })
    .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
      error: "'minPrice' must not be greater than 'maxPrice'",
    });
}

function listSchema(maxLimit: number) {
  return refined(listFields(maxLimit));
}

function searchSchema(maxLimit: number) {
  return refined(listFields(maxLimit).extend(WORD_SEARCH_FIELDS)).refine((v) => v.match === 'words' || (v.typos === undefined && v.prefix === undefined), {
    error: "'typos' and 'prefix' apply only with match=words",
  });
}

/** One schema per maxLimit, made on first use. */
function memo<T>(make: (maxLimit: number) => T): (maxLimit: number) => T {
  const made = new Map<number, T>();
  return (maxLimit) => {
    let schema = made.get(maxLimit);
    if (!schema) {
      schema = make(maxLimit);
      made.set(maxLimit, schema);
    }
    return schema;
  };
}

/** The listing query's schema; the OpenAPI document is generated from it. */
export const listQuerySchema: (maxLimit: number) => ReturnType<typeof listSchema> = memo(listSchema);

/** The search route's query schema: the listing's and the word search's parameters. */
export const searchQuerySchema: (maxLimit: number) => ReturnType<typeof searchSchema> = memo(searchSchema);

/**
 * Validates a listing query string. `limit=0` means "all", which is capped to maxLimit so one
 * request cannot ask a million-row catalogue for everything.
 */
export function parseListRequest(raw: unknown, maxLimit: number, overrides: { category?: string } = {}): ListRequest {
  return toListRequest(parseOr400(listQuerySchema(maxLimit), withoutEmpty(raw)), maxLimit, overrides);
}

/** How the shop's word search reads the query; see search/service.ts. */
export interface WordSearchOptions {
  typos: boolean;
  prefix: boolean;
  /** No sortBy was asked for: the best matches come first. */
  relevance: boolean;
}

/** Validates a search query string: a listing request, and the word search's options with match=words (null without). */
export function parseSearchRequest(raw: unknown, maxLimit: number): { list: ListRequest; words: WordSearchOptions | null } {
  const v = parseOr400(searchQuerySchema(maxLimit), withoutEmpty(raw));
  const words = v.match === 'words' ? { typos: v.typos !== 'off', prefix: v.prefix === 'on', relevance: v.sortBy === undefined } : null;
  return { list: toListRequest(v, maxLimit), words };
}

function toListRequest(v: z.output<ReturnType<typeof listFields>>, maxLimit: number, overrides: { category?: string } = {}): ListRequest {
  const limit = v.limit ?? DEFAULT_LIMIT;
  const query: ListQuery = {
    limit: limit === 0 ? maxLimit : limit,
    skip: v.skip ?? 0,
    sortBy: v.sortBy ?? 'id',
    order: v.order ?? 'asc',
  };
  if (v.q) query.q = v.q;
  const category = overrides.category ?? v.category;
  if (category) query.category = category;
  if (v.brand) query.brand = v.brand;
  if (v.color) query.color = v.color as ColorName;
  if (v.minPrice !== undefined) query.minPriceCents = Math.round(v.minPrice * 100);
  if (v.maxPrice !== undefined) query.maxPriceCents = Math.round(v.maxPrice * 100);
  return { query, select: v.select?.length ? v.select : null, facets: v.facets ?? false, ...(v.ids ? { ids: v.ids } : {}) };
}

export const selectOnly = z.object({
  select: list('select', PRODUCT_FIELDS)
    .optional()
    .describe(`Fields to answer besides id, comma-separated: ${PRODUCT_FIELDS.join(', ')}`),
});

export function parseSelect(raw: unknown): ProductField[] | null {
  const { select } = parseOr400(selectOnly, withoutEmpty(raw));
  return select?.length ? select : null;
}

export function parseProductId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw createError(400, `Invalid product id '${raw.length > 40 ? `${raw.slice(0, 40)}...` : raw}': expected a positive whole number`);
  }
  return Number(raw);
}
