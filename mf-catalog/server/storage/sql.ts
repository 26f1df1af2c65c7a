// SQL shared by the SQLite and PostgreSQL stores, so filtering and ordering mean the same on both.
import {
  PRICE_RANGES,
  type CategorySlug,
  type ColorName,
  type ListQuery,
  type ProductFilter,
  type ProductRecord,
  type SortKey,
} from '../products/model.ts';
import type { FacetCounts, Reservation, ReservationLine, ReservationStatus } from './repository.ts';

export const PRODUCT_COLUMNS =
  'id, title, description, category, brand, color, price_cents, discount, rating, stock, sku, tags, thumbnail, images, created_at, updated_at';

/** Collects bind values and renders the dialect's placeholder for each. */
export class Params {
  readonly values: unknown[] = [];
  private readonly numbered: boolean;

  constructor(style: 'sqlite' | 'postgres') {
    this.numbered = style === 'postgres';
  }

  add(value: unknown): string {
    this.values.push(value);
    return this.numbered ? `$${this.values.length}` : '?';
  }
}

export interface Dialect {
  style: 'sqlite' | 'postgres';
  /** A predicate for "title contains q, ignoring case"; `plain` ('' or '+') goes before an indexed column. */
  titleContains(q: string, params: Params, plain: string): string;
  /** The expression titles sort by (case-insensitive, byte order otherwise). */
  titleSortKey: string;
}

/** Which filter a facet leaves out: each facet counts what the other filters leave. */
export type FacetDimension = 'category' | 'brand' | 'color' | 'price';

export interface WhereOptions {
  /** Leave this filter out (facet counts). */
  omit?: FacetDimension;
  /**
   * Keep the planner from using indexes for filters other than category, so it walks the index of
   * this sort key instead and stops after one page. SQLite's planner cannot tell that this wins when
   * a filter matches a large share of the catalogue; the store decides from the count.
   */
  walkSortIndex?: SortKey;
}

export function whereClause(filter: ProductFilter, dialect: Dialect, params: Params, options: WhereOptions = {}): string {
  const { omit, walkSortIndex } = options;
  // Unary plus makes a column an expression, which SQLite will not look up through an index.
  const plain = (sortKey: SortKey | null) => (walkSortIndex && walkSortIndex !== sortKey ? '+' : '');
  const terms: string[] = [];
  if (filter.q) terms.push(dialect.titleContains(filter.q, params, plain(null)));
  if (filter.category && omit !== 'category') terms.push(`category = ${params.add(filter.category)}`);
  if (filter.brand && omit !== 'brand') terms.push(`${plain(null)}brand = ${params.add(filter.brand)}`);
  if (filter.color && omit !== 'color') terms.push(`${plain(null)}color = ${params.add(filter.color)}`);
  if (omit !== 'price') {
    const price = `${plain('price')}price_cents`;
    if (filter.minPriceCents !== undefined) terms.push(`${price} >= ${params.add(filter.minPriceCents)}`);
    if (filter.maxPriceCents !== undefined) terms.push(`${price} <= ${params.add(filter.maxPriceCents)}`);
  }
  return terms.length ? `WHERE ${terms.join(' AND ')}` : '';
}

// The id tie-breaker runs in the same direction as the key so one index serves the whole ORDER BY.
export function orderClause(sortBy: SortKey, order: 'asc' | 'desc', dialect: Dialect): string {
  const dir = order === 'desc' ? 'DESC' : 'ASC';
  const column: Record<SortKey, string> = {
    id: 'id',
    title: dialect.titleSortKey,
    price: 'price_cents',
    rating: 'rating',
    createdAt: 'created_at',
    discountPercentage: 'discount',
  };
  return sortBy === 'id' ? `ORDER BY id ${dir}` : `ORDER BY ${column[sortBy]} ${dir}, id ${dir}`;
}

export interface Statement {
  sql: string;
  values: unknown[];
}

export function countSql(filter: ProductFilter, dialect: Dialect): Statement {
  const params = new Params(dialect.style);
  return { sql: `SELECT count(*) AS n FROM products ${whereClause(filter, dialect, params)}`, values: params.values };
}

/**
 * The ids of one page. Only ids: the sort and filter indexes hold them, so the page is found without
 * reading the wide rows, and the rows themselves come from the product cache or one lookup by id.
 */
export function pageIdsSql(query: ListQuery, dialect: Dialect, options: WhereOptions = {}): Statement {
  const params = new Params(dialect.style);
  const where = whereClause(query, dialect, params, options);
  const order = orderClause(query.sortBy, query.order, dialect);
  const sql = `SELECT id FROM products ${where} ${order} LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.skip)}`;
  return { sql, values: params.values };
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

/** A list of change listeners; a failing listener must not undo or fail the write that told it. */
export class ChangeListeners {
  private readonly listeners: ((ids: readonly number[] | null) => void)[] = [];

  add(listener: (ids: readonly number[] | null) => void): void {
    this.listeners.push(listener);
  }

  notify(ids: readonly number[] | null): void {
    for (const listener of this.listeners) {
      try {
        listener(ids);
      } catch (error) {
        console.error('catalog: product change listener failed:', error);
      }
    }
  }
}

interface FacetSql extends Statement {
  dimension: FacetDimension;
}

function facetSql(filter: ProductFilter, dialect: Dialect): FacetSql[] {
  const grouped = (dimension: Exclude<FacetDimension, 'price'>): FacetSql => {
    const params = new Params(dialect.style);
    const where = whereClause(filter, dialect, params, { omit: dimension });
    const notNull = `${dimension} IS NOT NULL`;
    const sql = `SELECT ${dimension} AS k, count(*) AS n FROM products ${where ? `${where} AND ${notNull}` : `WHERE ${notNull}`} GROUP BY ${dimension}`;
    return { dimension, sql, values: params.values };
  };
  const params = new Params(dialect.style);
  const where = whereClause(filter, dialect, params, { omit: 'price' });
  const sums = PRICE_RANGES.map(
    (r, i) => `coalesce(sum(CASE WHEN price_cents BETWEEN ${r.minCents} AND ${r.maxCents} THEN 1 ELSE 0 END), 0) AS r${i}`,
  ).join(', ');
  return [
    grouped('category'),
    grouped('brand'),
    grouped('color'),
    { dimension: 'price', sql: `SELECT ${sums} FROM products ${where}`, values: params.values },
  ];
}

type Row = Record<string, unknown>;

/** Runs the four facet queries (concurrently where the store can) and gathers their counts. */
export async function collectFacetCounts(
  filter: ProductFilter,
  dialect: Dialect,
  query: (statement: Statement) => Row[] | Promise<Row[]>,
): Promise<FacetCounts> {
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

const iso = (value: string | Date): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function rowToRecord(row: ProductRow): ProductRecord {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    category: row.category as CategorySlug,
    brand: row.brand,
    color: row.color as ColorName | null,
    priceCents: Number(row.price_cents),
    discountPercentage: Number(row.discount),
    rating: Number(row.rating),
    stock: Number(row.stock),
    sku: row.sku,
    tags: JSON.parse(row.tags) as string[],
    thumbnail: row.thumbnail,
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
