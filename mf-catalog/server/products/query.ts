import { z } from 'zod';
import { categorySlug, dollars, flag, idList, integer, list, oneOf, text, withoutEmpty } from '../http/params.ts';
import createError from 'http-errors';
import { parseOr400 } from '../http/errors.ts';
import {
  COLOR_NAMES,
  PRODUCT_FIELDS,
  SORT_KEYS,
  type ColorName,
  type ListQuery,
  type ProductField,
} from './model.ts';

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

function listSchema(maxLimit: number) {
  return z
    .object({
      limit: integer('limit', 0, maxLimit).optional().describe(`Products per page, 0 for all (at most ${maxLimit}); 30 when left out`),
      skip: integer('skip', 0, MAX_SKIP).optional().describe('Products to skip before the page'),
      select: list('select', PRODUCT_FIELDS).optional().describe(`Fields to answer besides id, comma-separated: ${PRODUCT_FIELDS.join(', ')}`),
      sortBy: oneOf('sortBy', SORT_KEYS).optional().describe(`Sort key: ${SORT_KEYS.join(', ')}; id when left out`),
      order: oneOf('order', ['asc', 'desc'] as const).optional().describe('asc or desc; asc when left out'),
      q: text('q', 100).optional().describe('Text the title or description contains, ignoring case'),
      category: categorySlug('category').optional().describe('A category slug, e.g. furniture (see /products/category-list)'),
      brand: text('brand', 100).optional().describe('Exact brand name'),
      color: oneOf('color', COLOR_NAMES).optional().describe(`A colour: ${COLOR_NAMES.join(', ')}`),
      minPrice: dollars('minPrice').optional().describe('Lowest price in dollars, inclusive'),
      maxPrice: dollars('maxPrice').optional().describe('Highest price in dollars, inclusive'),
      facets: flag('facets').optional().describe('1 or true: add counts per category, brand, colour and price range'),
      ids: idList('ids', MAX_IDS).optional().describe(`Exactly these products (at most ${MAX_IDS}), comma-separated; combine only with select`),
    })
    .refine((v) => v.ids === undefined || Object.keys(v).every((key) => key === 'ids' || key === 'select'), {
      error: "'ids' names the products itself: combine it only with 'select'",
    })
    .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
      error: "'minPrice' must not be greater than 'maxPrice'",
    });
}

const schemas = new Map<number, ReturnType<typeof listSchema>>();

/** The listing query's schema (one per maxLimit); the OpenAPI document is generated from it. */
export function listQuerySchema(maxLimit: number): ReturnType<typeof listSchema> {
  let schema = schemas.get(maxLimit);
  if (!schema) {
    schema = listSchema(maxLimit);
    schemas.set(maxLimit, schema);
  }
  return schema;
}

/**
 * Validates a listing query string. `limit=0` means "all", which is capped to maxLimit so one
 * request cannot ask a million-row catalogue for everything.
 */
export function parseListRequest(raw: unknown, maxLimit: number, overrides: { category?: string } = {}): ListRequest {
  const v = parseOr400(listQuerySchema(maxLimit), withoutEmpty(raw));
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
  select: list('select', PRODUCT_FIELDS).optional().describe(`Fields to answer besides id, comma-separated: ${PRODUCT_FIELDS.join(', ')}`),
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
