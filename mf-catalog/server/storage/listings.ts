// Listings: the total of a filter and the ids of a page, read in windows of WINDOW ids and cached until
// the next write of product data. Counts come from the facet cube where it answers, otherwise from SQL
// up to a bound; each read in flight is shared by concurrent requests.
import { LRUCache } from 'lru-cache';
import { filterKey, type ListQuery, type SortKey } from '../products/model.ts';
import type { SqlDriver } from './driver.ts';
import type { CubeKeeper } from './facetCube.ts';
import type { ListedIds } from './repository.ts';
import { cappedCountSql, hasOtherFilters, pageIdsSql, textOnly, walksBrand, type Dialect, type PagePlan } from './sql.ts';

/** Listings are read and kept in windows of this many ids; a page is cut from one or two windows. */
export const WINDOW = 240;

/** Totals that need counting in SQL stop at a multiple of this beyond the requested page. */
export const COUNT_STEP = 1000;

/** How far a listing ending at skip + limit counts: the next multiple of COUNT_STEP at or above it. */
export function countBound(query: Pick<ListQuery, 'skip' | 'limit'>): number {
  return COUNT_STEP * Math.max(1, Math.ceil((query.skip + query.limit) / COUNT_STEP));
}

/** Sort keys whose *_walk index also holds price and colour, with or without a category in front. */
const COVERING_WALKS: readonly SortKey[] = ['rating', 'createdAt', 'discountPercentage'];

interface Count {
  n: number;
  /** True when there are more than n matches (counting stopped at n). */
  more: boolean;
}

export class SqlListings {
  private readonly driver: SqlDriver;
  private readonly dialect: Dialect;
  private readonly cube: CubeKeeper;
  /** Counts per filter and bound: counting a large share of a big catalogue costs more than the page itself. */
  private readonly counts: LRUCache<string, Count>;
  /**
   * Windows of page ids per listing, kept as long as totals. No listing filters or sorts by stock, so
   * stock changes leave them valid; every write of product data clears them with the totals.
   */
  private readonly windows: LRUCache<string, number[]>;
  /** Reads in flight, so a burst of requests for one new listing or search term costs one query. */
  private readonly pending = new Map<string, Promise<unknown>>();
  /** Bumped by every write of product data: a read that started before it must not store what it saw. */
  private generation = 0;

  constructor(driver: SqlDriver, cube: CubeKeeper, countCacheTtlMs: number) {
    this.driver = driver;
    this.dialect = driver.dialect;
    this.cube = cube;
    // lru-cache reads a TTL of 0 as none; COUNT_CACHE_TTL_MS=0 means keep counts a millisecond at most.
    this.counts = new LRUCache({ max: 5000, ttl: Math.max(1, countCacheTtlMs) });
    this.windows = new LRUCache({ max: 20_000, ttl: Math.max(1, countCacheTtlMs) });
  }

  /** After a write of product data: no total or window read before it is kept or shared. */
  forget(): void {
    this.generation++;
    this.counts.clear();
    this.windows.clear();
  }

  /** A page of a listing's ids and its total (or a lower bound of it, for a big text search). */
  async ids(query: ListQuery): Promise<ListedIds> {
    // While the first cube builds, wait for it rather than count a big catalogue in SQL.
    await this.cube.ready();
    const { n, more } = query.sortBy === 'id' && textOnly(query) ? await this.searchTotal(query) : await this.total(query);
    const ids = !more && query.skip >= n ? [] : await this.pageIds(query, n, !more);
    return more ? { ids, total: n, totalIsLowerBound: true } : { ids, total: n };
  }

  /** The exact total when the cube answers the filter, otherwise a count that stops at countBound. */
  private async total(filter: ListQuery): Promise<Count> {
    const cube = this.cube.current();
    if (cube?.answers(filter)) return { n: cube.total(filter), more: false };
    const bound = countBound(filter);
    const key = filterKey(filter);
    const cached = this.counts.get(key);
    if (cached && (!cached.more || cached.n >= bound)) return cached.more ? { n: bound, more: true } : cached;
    const counted = await this.shared(`count|${key}|${bound}`, async () => {
      const generation = this.generation;
      const rows = await this.driver.read<{ n: number | string }>(cappedCountSql(filter, bound, this.dialect));
      const found = Number(rows[0]?.n ?? 0);
      const count: Count = found > bound ? { n: bound, more: true } : { n: found, more: false };
      if (generation === this.generation) this.counts.set(key, count);
      return count;
    });
    return counted.more ? { n: bound, more: true } : counted;
  }

  /**
   * A search in id order (the header's suggestions and the search page) reads its first countBound + 1
   * matches in one query: their number is the total (or its lower bound), and they fill the windows
   * its pages come from. Counting and paging separately would read the same matches twice.
   */
  private async searchTotal(query: ListQuery): Promise<Count> {
    const bound = countBound(query);
    const key = filterKey(query);
    const cached = this.counts.get(key);
    if (cached && (!cached.more || cached.n >= bound)) return cached.more ? { n: bound, more: true } : cached;
    return this.shared(`search|${key}|${query.order}|${bound}`, async () => {
      const generation = this.generation;
      const ids = await this.readIds({ ...query, skip: 0, limit: bound + 1 }, 'planner');
      const count: Count = ids.length > bound ? { n: bound, more: true } : { n: ids.length, more: false };
      if (generation === this.generation) {
        this.counts.set(key, count);
        // Whole windows only, and the last partial one when it ends the results.
        for (let k = 0; k * WINDOW < ids.length && ((k + 1) * WINDOW <= ids.length || !count.more); k++) {
          this.windows.set(this.windowKey(query, k), ids.slice(k * WINDOW, (k + 1) * WINDOW));
        }
      }
      return count;
    });
  }

  private windowKey(query: ListQuery, k: number): string {
    return `${filterKey(query)}|${query.sortBy}|${query.order}|${k}`;
  }

  /** Runs one read per key at a time: concurrent callers share it (never one that began before a write). */
  private shared<T>(name: string, read: () => Promise<T>): Promise<T> {
    const key = `${this.generation}|${name}`;
    let pending = this.pending.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async pageIds(query: ListQuery, total: number, exact: boolean): Promise<number[]> {
    if (query.limit > WINDOW) {
      return this.readIds(query, this.plan(query, total, exact));
    }
    const first = Math.floor(query.skip / WINDOW);
    const last = Math.floor((query.skip + query.limit - 1) / WINDOW);
    const windows = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => this.window(query, first + i, total, exact)));
    const start = query.skip - first * WINDOW;
    return windows.flat().slice(start, start + query.limit);
  }

  /**
   * Window k of a listing: ids k*WINDOW .. (k+1)*WINDOW - 1. Reading a window costs about what reading
   * its last page alone costs (an OFFSET walks past the pages before it), and then serves every page
   * and page size inside it.
   */
  private async window(query: ListQuery, k: number, total: number, exact: boolean): Promise<number[]> {
    if (exact && k * WINDOW >= total) return [];
    const key = this.windowKey(query, k);
    const cached = this.windows.get(key);
    if (cached) return cached;
    return this.shared(`window|${key}`, async () => {
      const generation = this.generation;
      const windowQuery: ListQuery = { ...query, skip: k * WINDOW, limit: WINDOW };
      const ids = await this.readIds(windowQuery, this.plan(windowQuery, total, exact));
      if (generation === this.generation) this.windows.set(key, ids);
      return ids;
    });
  }

  private async readIds(query: ListQuery, plan: PagePlan): Promise<number[]> {
    const rows = await this.driver.read<{ id: number | string }>(pageIdsSql(query, this.dialect, plan));
    return rows.map((row) => Number(row.id));
  }

  /**
   * Walking the sort index visits about (skip + limit) * walked / total entries, where walked is what
   * the index holds for the brand or the category (or the whole catalogue); sorting the matches reads total
   * entries and rows. A walk of a covering index (price and colour on the *_walk indexes) costs about
   * a tenth of a row read per entry. Walk when that is cheaper. Without exact counts (text search, no
   * cube), or where the engine's own planner chooses well (Dialect.guidedPlans), the planner decides alone.
   */
  private plan(query: ListQuery, total: number, exact: boolean): PagePlan {
    const cube = this.cube.current();
    if (!this.dialect.guidedPlans || !exact || query.q || !hasOtherFilters(query) || !cube?.answers(query)) return 'planner';
    const byBrand = walksBrand(query, query.sortBy);
    const walked = cube.total(byBrand ? { brand: query.brand } : query.category ? { category: query.category } : {});
    const covering = byBrand || (!query.brand && (COVERING_WALKS.includes(query.sortBy) || (query.category !== undefined && query.sortBy === 'id')));
    return (query.skip + query.limit) * walked < (covering ? 8 : 1) * total * total ? 'walk' : 'sort';
  }
}
