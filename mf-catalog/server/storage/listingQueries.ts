// The listing's questions, written once for both engines: which products a filter matches, a page of
// their ids in a sort order, how many there are up to a bound, and the facet counts and cube that
// count them by category, brand, colour and price range.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { PRICE_RANGES, type ListQuery, type ProductFilter, type SortKey } from '../products/model.ts';
import { likePattern, type CatalogEngine, type ColumnType } from './catalogEngine.ts';
import type { CatalogDatabase } from './database.ts';
import type { FacetCounts } from './repository.ts';

type Db = Kysely<CatalogDatabase>;
type ProductsQuery<O> = SelectQueryBuilder<CatalogDatabase, 'products', O>;

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

/** Filters the sort and category indexes cannot answer alone, which is where the page plan matters. */
export function hasOtherFilters(filter: ProductFilter): boolean {
  return Boolean(filter.brand || filter.color || filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined);
}

/** "Title or description contains q, ignoring case": the search index's matches, or a scan where it cannot answer. */
function textContains(q: string, catalog: CatalogEngine): RawBuilder<SqlBool> {
  const index = catalog.textIndex(q);
  if (index) return sql<SqlBool>`id IN (SELECT ${sql.raw(index.id)} FROM ${sql.raw(index.table)} WHERE ${index.matches})`;
  const pattern = likePattern(q);
  return sql<SqlBool>`(title LIKE ${pattern} ESCAPE '\\' OR description LIKE ${pattern} ESCAPE '\\')`;
}

function filterTerms(filter: ProductFilter, catalog: CatalogEngine, { omit, walk }: WhereOptions = {}): RawBuilder<SqlBool>[] {
  const byBrand = walk !== undefined && omit !== 'brand' && walksBrand(filter, walk);
  const column = (name: string, type: 'number' | 'text', sortKey: SortKey | null) => (walk && walk !== sortKey ? catalog.unindexed(name, type) : sql.ref(name));
  const terms: RawBuilder<SqlBool>[] = [];
  if (filter.q) terms.push(textContains(filter.q, catalog));
  if (filter.category && omit !== 'category') terms.push(sql`${byBrand ? catalog.unindexed('category', 'text') : sql.ref('category')} = ${filter.category}`);
  if (filter.brand && omit !== 'brand') terms.push(sql`${byBrand ? sql.ref('brand') : column('brand', 'text', null)} = ${filter.brand}`);
  if (filter.color && omit !== 'color') terms.push(sql`${column('color', 'text', null)} = ${filter.color}`);
  if (omit !== 'price') {
    const price = column('price_cents', 'number', 'price');
    if (filter.minPriceCents !== undefined) terms.push(sql`${price} >= ${filter.minPriceCents}`);
    if (filter.maxPriceCents !== undefined) terms.push(sql`${price} <= ${filter.maxPriceCents}`);
  }
  return terms;
}

function filtered<O>(query: ProductsQuery<O>, filter: ProductFilter, catalog: CatalogEngine, options?: WhereOptions): ProductsQuery<O> {
  return filterTerms(filter, catalog, options).reduce((narrowed, term) => narrowed.where(term), query);
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
function ordered<O>(query: ProductsQuery<O>, { sortBy, order }: ListQuery, catalog: CatalogEngine, sort: boolean): ProductsQuery<O> {
  const key = ([column, type]: [string, ColumnType]) => (sort ? catalog.unindexed(column, type) : sql.ref(column));
  const id = key(SORT_COLUMNS.id);
  if (sortBy === 'id') return query.orderBy(id, order);
  return query.orderBy(sortBy === 'title' ? catalog.titleSortKey : key(SORT_COLUMNS[sortBy]), order).orderBy(id, order);
}

/**
 * The ids of one window of a listing. Only ids: the sort and filter indexes hold them, so the page is
 * found without reading the wide rows, and the rows themselves come from the product cache or one
 * lookup by id. A text-only search in id order reads the search index alone.
 */
export async function pageIds(db: Db, catalog: CatalogEngine, query: ListQuery, plan: PagePlan): Promise<number[]> {
  const index = query.sortBy === 'id' && textOnly(query) ? catalog.textIndex(query.q!) : null;
  const rows = index
    ? (
        await sql<{ id: number | string }>`SELECT ${sql.raw(index.id)} AS id FROM ${sql.raw(index.table)} WHERE ${index.matches}
          ORDER BY ${sql.raw(index.id)} ${sql.raw(query.order === 'desc' ? 'DESC' : 'ASC')} LIMIT ${query.limit} OFFSET ${query.skip}`.execute(db)
      ).rows
    : await ordered(
        filtered(db.selectFrom('products').select('id'), query, catalog, plan === 'walk' ? { walk: query.sortBy } : {}),
        query,
        catalog,
        plan === 'sort',
      )
        .limit(query.limit)
        .offset(query.skip)
        .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Matches of a filter counted up to bound + 1 and no further: counting every match of a broad
 * search in a million products costs tens to hundreds of milliseconds, finding bound + 1 of them
 * a fraction of one.
 */
export async function cappedCount(db: Db, catalog: CatalogEngine, filter: ProductFilter, bound: number): Promise<number> {
  const index = textOnly(filter) ? catalog.textIndex(filter.q!) : null;
  const [row] = index
    ? (
        await sql<{ n: number | string }>`SELECT count(*) AS n FROM (SELECT ${sql.raw(index.id)} FROM ${sql.raw(index.table)} WHERE ${index.matches}
          LIMIT ${bound + 1}) AS capped`.execute(db)
      ).rows
    : await db
        .selectFrom(
          filtered(db.selectFrom('products').select(sql.lit(1).as('one')), filter, catalog)
            .limit(bound + 1)
            .as('capped'),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .execute();
  return Number(row?.n ?? 0);
}

/** The four facet queries, run concurrently where the engine can. */
export async function facetCounts(db: Db, catalog: CatalogEngine, filter: ProductFilter): Promise<FacetCounts> {
  const grouped = async (dimension: Exclude<FacetDimension, 'price'>) => {
    const rows = await filtered(
      db.selectFrom('products').select((eb) => [eb.ref(dimension).as('k'), eb.fn.countAll<number | string>().as('n')]),
      filter,
      catalog,
      {
        omit: dimension,
      },
    )
      .where(dimension, 'is not', null)
      .groupBy(dimension)
      .execute();
    return new Map(rows.map((row) => [String(row.k), Number(row.n)]));
  };
  const sums = PRICE_RANGES.map((r, i) =>
    sql<number | string>`coalesce(sum(CASE WHEN price_cents BETWEEN ${sql.lit(r.minCents)} AND ${sql.lit(r.maxCents)} THEN 1 ELSE 0 END), 0)`.as(`r${i}`),
  );
  const [categories, brands, colors, prices] = await Promise.all([
    grouped('category'),
    grouped('brand'),
    grouped('color'),
    filtered(db.selectFrom('products').select(sums), filter, catalog, { omit: 'price' }).executeTakeFirst(),
  ]);
  const priceRanges = PRICE_RANGES.map((_, i) => Number((prices as Record<string, unknown> | undefined)?.[`r${i}`] ?? 0));
  return { categories, brands, colors, priceRanges };
}

/** One row per cell of the facet cube (facetCube.ts): k_category, k_brand, k_color, k_bucket, n. */
export function cubeQuery(db: Db) {
  const cases = sql.join(
    PRICE_RANGES.map((r, i) => sql`WHEN price_cents BETWEEN ${sql.lit(r.minCents)} AND ${sql.lit(r.maxCents)} THEN ${sql.lit(i)}`),
    sql` `,
  );
  return db
    .selectFrom('products')
    .select((eb) => [
      eb.ref('category').as('k_category'),
      eb.ref('brand').as('k_brand'),
      eb.ref('color').as('k_color'),
      sql<number | string>`CASE ${cases} ELSE ${sql.lit(PRICE_RANGES.length)} END`.as('k_bucket'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .groupBy(sql`1, 2, 3, 4`);
}
