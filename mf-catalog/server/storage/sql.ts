// SQL shared by the SQLite and PostgreSQL stores, so filtering, ordering and counting mean the same on both.
import { PRICE_RANGES, type ColorName, type ListQuery, type ProductCard, type ProductFilter, type ProductRecord, type SortKey } from '../products/model.ts';
import type { FacetCounts, Reservation, ReservationLine, ReservationStatus } from './repository.ts';

export const PRODUCT_COLUMNS =
  'id, title, description, category, brand, color, price_cents, discount, rating, stock, sku, tags, thumbnail, images, created_at, updated_at';

/** The columns of a ProductCard. */
export const CARD_COLUMNS = 'id, title, description, category, brand, color, price_cents, discount, rating, stock, thumbnail';

/** Collects bind values as $1, $2, ... (the SQLite store reads these as its numbered ?1, ?2, ...). */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Dialect {
  /** A predicate for "title or description contains q, ignoring case". */
  textContains(q: string, params: Params): string;
  /** The expression titles sort by (case-insensitive, byte order otherwise). */
  titleSortKey: string;
  /** The column as an expression no index serves, so the planner cannot pick that index for it. */
  unindexed(column: string, type: ColumnType): string;
  /**
   * Whether the store should pick the page plan (PagePlan) from its exact counts. SQLite's planner
   * cannot see how filters correlate and needs that; PostgreSQL's statistics choose as well, and its
   * expressions cost a computation per row that the walk would pay.
   */
  guidedPlans: boolean;
  /** The page of a text-only search in id order straight from the search index, or null for the general query. */
  textPage(q: string, order: 'asc' | 'desc', limit: number, offset: number): Statement | null;
  /** The matches of a text-only search counted up to `bound` + 1 straight from the search index, or null for the general query. */
  textCount(q: string, bound: number): Statement | null;
  /** A predicate for "id is one of these ids", one statement for any number of them. */
  idIn(ids: readonly number[], params: Params): string;
  /** ' FOR UPDATE' where the engine locks rows that way; SQLite's write transactions lock the whole database. */
  forUpdate: string;
}

export type ColumnType = 'number' | 'text' | 'time';

/** Which filter a facet leaves out: each facet counts what the other filters leave. */
export type FacetDimension = 'category' | 'brand' | 'color' | 'price';

/**
 * How a page is found when filters other than the category are set. 'walk': follow the sort key's
 * index and test each entry against the filters, stopping after the page (cheap when the filters
 * match a large share). 'sort': collect the matches through the filter indexes and sort them (cheap
 * when they match few). Planners estimate that share from statistics that do not see how the filter
 * columns correlate; the store knows the exact count from the facet cube and decides.
 */
export type PagePlan = 'planner' | 'walk' | 'sort';

export interface WhereOptions {
  /** Leave this filter out (facet counts). */
  omit?: FacetDimension;
  /**
   * Hide filter columns from the planner (other than the category, or the brand when it has a walk
   * index for this sort key, and the sort key), so it walks that sort index.
   */
  walk?: SortKey;
}

/** Sort keys with a brand-led walk index (products_brand_*walk). */
const BRAND_WALKS: readonly SortKey[] = ['id', 'rating', 'createdAt', 'discountPercentage'];

/** Whether a walk of this query follows the brand's sort index rather than the category's (or the catalogue's). */
export function walksBrand(filter: ProductFilter, sortBy: SortKey): boolean {
  return Boolean(filter.brand) && BRAND_WALKS.includes(sortBy);
}

export function whereClause(filter: ProductFilter, dialect: Dialect, params: Params, options: WhereOptions = {}): string {
  const { omit, walk } = options;
  const byBrand = walk !== undefined && omit !== 'brand' && walksBrand(filter, walk);
  const column = (name: string, type: 'number' | 'text', sortKey: SortKey | null) => (walk && walk !== sortKey ? dialect.unindexed(name, type) : name);
  const terms: string[] = [];
  if (filter.q) terms.push(dialect.textContains(filter.q, params));
  if (filter.category && omit !== 'category') terms.push(`${byBrand ? dialect.unindexed('category', 'text') : 'category'} = ${params.add(filter.category)}`);
  if (filter.brand && omit !== 'brand') terms.push(`${byBrand ? 'brand' : column('brand', 'text', null)} = ${params.add(filter.brand)}`);
  if (filter.color && omit !== 'color') terms.push(`${column('color', 'text', null)} = ${params.add(filter.color)}`);
  if (omit !== 'price') {
    const price = column('price_cents', 'number', 'price');
    if (filter.minPriceCents !== undefined) terms.push(`${price} >= ${params.add(filter.minPriceCents)}`);
    if (filter.maxPriceCents !== undefined) terms.push(`${price} <= ${params.add(filter.maxPriceCents)}`);
  }
  return terms.length ? `WHERE ${terms.join(' AND ')}` : '';
}

const SORT_COLUMNS: Record<Exclude<SortKey, 'title'>, [string, ColumnType]> = {
  id: ['id', 'number'],
  price: ['price_cents', 'number'],
  rating: ['rating', 'number'],
  createdAt: ['created_at', 'time'],
  discountPercentage: ['discount', 'number'],
};

// The id tie-breaker runs in the same direction as the key so one index serves the whole ORDER BY.
// With `sort`, the keys are expressions no index serves, so the planner collects the matches first.
export function orderClause(sortBy: SortKey, order: 'asc' | 'desc', dialect: Dialect, sort = false): string {
  const dir = order === 'desc' ? 'DESC' : 'ASC';
  const key = ([column, type]: [string, ColumnType]) => (sort ? dialect.unindexed(column, type) : column);
  const id = key(SORT_COLUMNS.id);
  if (sortBy === 'id') return `ORDER BY ${id} ${dir}`;
  return `ORDER BY ${sortBy === 'title' ? dialect.titleSortKey : key(SORT_COLUMNS[sortBy])} ${dir}, ${id} ${dir}`;
}

export interface Statement {
  sql: string;
  values: unknown[];
}

/** Exact count of a filter: for the catalogue's size and the facet cube's checks, never per request. */
export function countSql(filter: ProductFilter, dialect: Dialect): Statement {
  const params = new Params();
  return { sql: `SELECT count(*) AS n FROM products ${whereClause(filter, dialect, params)}`, values: params.values };
}

/**
 * Matches of a filter counted up to bound + 1 and no further: counting every match of a broad
 * search in a million products costs tens to hundreds of milliseconds, finding bound + 1 of them
 * a fraction of one.
 */
export function cappedCountSql(filter: ProductFilter, bound: number, dialect: Dialect): Statement {
  const direct = textOnly(filter) ? dialect.textCount(filter.q!, bound) : null;
  if (direct) return direct;
  const params = new Params();
  const where = whereClause(filter, dialect, params);
  return { sql: `SELECT count(*) AS n FROM (SELECT 1 FROM products ${where} LIMIT ${params.add(bound + 1)}) AS capped`, values: params.values };
}

/** True when the only filter is text search. */
export function textOnly(filter: ProductFilter): boolean {
  return (
    filter.q !== undefined &&
    filter.q !== '' &&
    !filter.category &&
    !filter.brand &&
    !filter.color &&
    filter.minPriceCents === undefined &&
    filter.maxPriceCents === undefined
  );
}

/**
 * The ids of one window of a listing. Only ids: the sort and filter indexes hold them, so the page is
 * found without reading the wide rows, and the rows themselves come from the product cache or one
 * lookup by id.
 */
export function pageIdsSql(query: ListQuery, dialect: Dialect, plan: PagePlan = 'planner'): Statement {
  const direct = query.sortBy === 'id' && textOnly(query) ? dialect.textPage(query.q!, query.order, query.limit, query.skip) : null;
  if (direct) return direct;
  const params = new Params();
  const where = whereClause(query, dialect, params, plan === 'walk' ? { walk: query.sortBy } : {});
  const order = orderClause(query.sortBy, query.order, dialect, plan === 'sort');
  const sql = `SELECT id FROM products ${where} ${order} LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.skip)}`;
  return { sql, values: params.values };
}

/** Filters the sort and category indexes cannot answer alone, which is where the page plan matters. */
export function hasOtherFilters(filter: ProductFilter): boolean {
  return Boolean(filter.brand || filter.color || filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined);
}

/** Puts records in the order of ids, leaving out ids that have no record (deleted meanwhile). */
export function inIdOrder(ids: readonly number[], records: readonly ProductRecord[]): ProductRecord[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const ordered: ProductRecord[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record) ordered.push(record);
  }
  return ordered;
}

interface FacetSql extends Statement {
  dimension: FacetDimension;
}

function facetSql(filter: ProductFilter, dialect: Dialect): FacetSql[] {
  const grouped = (dimension: Exclude<FacetDimension, 'price'>): FacetSql => {
    const params = new Params();
    const where = whereClause(filter, dialect, params, { omit: dimension });
    const notNull = `${dimension} IS NOT NULL`;
    const sql = `SELECT ${dimension} AS k, count(*) AS n FROM products ${where ? `${where} AND ${notNull}` : `WHERE ${notNull}`} GROUP BY ${dimension}`;
    return { dimension, sql, values: params.values };
  };
  const params = new Params();
  const where = whereClause(filter, dialect, params, { omit: 'price' });
  const sums = PRICE_RANGES.map((r, i) => `coalesce(sum(CASE WHEN price_cents BETWEEN ${r.minCents} AND ${r.maxCents} THEN 1 ELSE 0 END), 0) AS r${i}`).join(
    ', ',
  );
  return [grouped('category'), grouped('brand'), grouped('color'), { dimension: 'price', sql: `SELECT ${sums} FROM products ${where}`, values: params.values }];
}

type Row = Record<string, unknown>;

/** Runs the four facet queries (concurrently where the store can) and gathers their counts. */
export async function collectFacetCounts(filter: ProductFilter, dialect: Dialect, query: (statement: Statement) => Promise<Row[]>): Promise<FacetCounts> {
  const counts: FacetCounts = { categories: new Map(), brands: new Map(), colors: new Map(), priceRanges: [] };
  const targets = { category: counts.categories, brand: counts.brands, color: counts.colors };
  await Promise.all(
    facetSql(filter, dialect).map(async (facet) => {
      const rows = await query(facet);
      if (facet.dimension === 'price') {
        counts.priceRanges = PRICE_RANGES.map((_, i) => Number(rows[0]?.[`r${i}`] ?? 0));
      } else {
        for (const row of rows) targets[facet.dimension].set(String(row.k), Number(row.n));
      }
    }),
  );
  return counts;
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ProductRow {
  id: number;
  title: string;
  description: string;
  category: string;
  brand: string | null;
  color: string | null;
  price_cents: number;
  discount: number;
  rating: number;
  stock: number;
  sku: string;
  tags: string;
  thumbnail: string;
  images: string;
  created_at: string | Date;
  updated_at: string | Date;
}

export type CardRow = Pick<
  ProductRow,
  'id' | 'title' | 'description' | 'category' | 'brand' | 'color' | 'price_cents' | 'discount' | 'rating' | 'stock' | 'thumbnail'
>;

/** toISOString's own form, which every write stores (SQLite keeps it as text) and which reads back unchanged. */
const ISO_FORM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
// Parsing two dates per row was a twentieth of a word search's time at a million products (issue #36).
const iso = (value: string | Date): string =>
  typeof value === 'string' && ISO_FORM.test(value) ? value : (value instanceof Date ? value : new Date(value)).toISOString();

export function rowToCard(row: CardRow): ProductCard {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    category: row.category,
    brand: row.brand,
    color: row.color as ColorName | null,
    priceCents: Number(row.price_cents),
    discountPercentage: Number(row.discount),
    rating: Number(row.rating),
    stock: Number(row.stock),
    thumbnail: row.thumbnail,
  };
}

export function rowToRecord(row: ProductRow): ProductRecord {
  return {
    ...rowToCard(row),
    sku: row.sku,
    tags: JSON.parse(row.tags) as string[],
    images: JSON.parse(row.images) as string[],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Column values of a record, in PRODUCT_COLUMNS order. */
export function recordValues(p: ProductRecord): unknown[] {
  return [
    p.id,
    p.title,
    p.description,
    p.category,
    p.brand,
    p.color,
    p.priceCents,
    p.discountPercentage,
    p.rating,
    p.stock,
    p.sku,
    JSON.stringify(p.tags),
    p.thumbnail,
    JSON.stringify(p.images),
    p.createdAt,
    p.updatedAt,
  ];
}

export interface ReservationRow {
  order_id: string;
  status: string;
  lines: string;
}

export function rowToReservation(row: ReservationRow): Reservation {
  return { orderId: row.order_id, status: row.status as ReservationStatus, lines: JSON.parse(row.lines) as ReservationLine[] };
}

/** Sorted by product so concurrent reservations lock rows in one order and cannot deadlock. */
export function byProduct<T extends { productId: number }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId);
}
