// Counts of the whole catalogue by (category, brand, colour, price range): a few thousand cells that
// answer the shop page's totals and facet counts without counting rows. On a 1,000,000-product
// catalogue one facet request costs four GROUP BY scans of up to the whole table (hundreds of ms);
// the cube answers it in microseconds. It is exact for every filter without text search whose
// price bounds fall on the spec's ranges, which is every filter the shop page sends; any other
// filter is counted in SQL as before.
import { PRICE_RANGES, type ProductFilter } from '../products/model.ts';
import type { FacetCounts } from './repository.ts';

/** Bucket i < PRICE_RANGES.length is that range; the last bucket holds prices above every range. */
export const BUCKETS = PRICE_RANGES.length + 1;

/** SQL for one row per cell: k_category, k_brand, k_color, k_bucket, n. */
export function cubeSql(): string {
  const cases = PRICE_RANGES.map((r, i) => `WHEN price_cents BETWEEN ${r.minCents} AND ${r.maxCents} THEN ${i}`).join(' ');
  return `SELECT category AS k_category, brand AS k_brand, color AS k_color, CASE ${cases} ELSE ${PRICE_RANGES.length} END AS k_bucket, count(*) AS n
    FROM products GROUP BY 1, 2, 3, 4`;
}

export interface CubeRow {
  k_category: string;
  k_brand: string | null;
  k_color: string | null;
  k_bucket: number | string;
  n: number | string;
}

/** More cells than this (an imported catalogue with very many brands) and SQL counting is as good. */
export const MAX_CELLS = 200_000;

interface Cell {
  category: string;
  brand: string | null;
  color: string | null;
  bucket: number;
  n: number;
}

/** The buckets a price filter keeps, or null when its bounds do not fall on bucket edges. */
function bucketsOf(filter: ProductFilter): boolean[] | null {
  const min = filter.minPriceCents;
  const max = filter.maxPriceCents;
  const keep = new Array<boolean>(BUCKETS).fill(true);
  if (min === undefined && max === undefined) return keep;
  // Integer cents: the ranges tile 0 .. last max without gaps, and the last bucket is everything above.
  const lowEdges = PRICE_RANGES.map((r) => r.minCents);
  const highEdges = PRICE_RANGES.map((r) => r.maxCents);
  let from = 0;
  let to = BUCKETS - 1;
  if (min !== undefined) {
    const i = lowEdges.indexOf(min as (typeof lowEdges)[number]);
    if (i < 0) return null;
    from = i;
  }
  if (max !== undefined) {
    const i = highEdges.indexOf(max as (typeof highEdges)[number]);
    if (i < 0) return null;
    to = i;
  }
  for (let b = 0; b < BUCKETS; b++) keep[b] = b >= from && b <= to;
  return keep;
}

export class FacetCube {
  private readonly cells: Cell[];

  private constructor(cells: Cell[]) {
    this.cells = cells;
  }

  /** Null when there are too many cells for the cube to pay off. */
  static fromRows(rows: readonly CubeRow[]): FacetCube | null {
    if (rows.length > MAX_CELLS) return null;
    return new FacetCube(
      rows.map((row) => ({
        category: row.k_category,
        brand: row.k_brand,
        color: row.k_color,
        bucket: Number(row.k_bucket),
        n: Number(row.n),
      })),
    );
  }

  /** True when this filter's counts can come from the cube (no text search, price bounds on bucket edges). */
  answers(filter: ProductFilter): boolean {
    return !filter.q && bucketsOf(filter) !== null;
  }

  private matches(cell: Cell, filter: ProductFilter, buckets: boolean[], omit: 'category' | 'brand' | 'color' | 'price' | null): boolean {
    return (
      (omit === 'category' || !filter.category || cell.category === filter.category) &&
      (omit === 'brand' || !filter.brand || cell.brand === filter.brand) &&
      (omit === 'color' || !filter.color || cell.color === filter.color) &&
      (omit === 'price' || buckets[cell.bucket] === true)
    );
  }

  /** Products matching the filter; only for filters `answers` accepts. */
  total(filter: ProductFilter): number {
    const buckets = bucketsOf(filter)!;
    let n = 0;
    for (const cell of this.cells) if (this.matches(cell, filter, buckets, null)) n += cell.n;
    return n;
  }

  /** The same counts collectFacetCounts gives; only for filters `answers` accepts. */
  facetCounts(filter: ProductFilter): FacetCounts {
    const buckets = bucketsOf(filter)!;
    const counts: FacetCounts = { categories: new Map(), brands: new Map(), colors: new Map(), priceRanges: PRICE_RANGES.map(() => 0) };
    const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
    for (const cell of this.cells) {
      if (this.matches(cell, filter, buckets, 'category')) add(counts.categories, cell.category, cell.n);
      if (cell.brand !== null && this.matches(cell, filter, buckets, 'brand')) add(counts.brands, cell.brand, cell.n);
      if (cell.color !== null && this.matches(cell, filter, buckets, 'color')) add(counts.colors, cell.color, cell.n);
      if (cell.bucket < PRICE_RANGES.length && this.matches(cell, filter, buckets, 'price')) counts.priceRanges[cell.bucket]! += cell.n;
    }
    return counts;
  }
}

/**
 * Keeps a cube current: built in the background (never while a request waits), reused for ttlMs,
 * then rebuilt while the old one keeps answering. A write through the store drops it at once
 * (requests count in SQL until the new one is ready), so the service's own writes show
 * immediately; writes by other processes show after at most ttlMs plus one rebuild.
 */
export class CubeKeeper {
  private readonly build: () => Promise<readonly CubeRow[]>;
  private readonly ttlMs: number;
  private cube: FacetCube | null = null;
  /** When the next (re)build may start: at expiry, at once after a write, later after a failure. */
  private nextBuildAt = 0;
  private building: Promise<void> | null = null;
  private generation = 0;
  private failures = 0;

  constructor(build: () => Promise<readonly CubeRow[]>, ttlMs: number) {
    this.build = build;
    this.ttlMs = ttlMs;
  }

  /** The cube if there is one (at most one rebuild old); starts a rebuild when it is missing or expired. */
  current(): FacetCube | null {
    if (this.ttlMs <= 0) return null;
    if (!this.building && Date.now() >= this.nextBuildAt) this.refresh();
    return this.cube;
  }

  /**
   * The cube, waiting for a build already in flight rather than counting without it: waiting costs
   * the one request a moment, while counting a large catalogue in SQL would hold up every request
   * (SQLite answers on the event loop). Null only while the cube is off or its build failed.
   */
  async ready(): Promise<FacetCube | null> {
    const cube = this.current();
    if (cube || !this.building) return cube;
    await this.building;
    return this.cube;
  }

  /** Forgets the cube after a write; the next request starts a rebuild. */
  invalidate(): void {
    this.generation++;
    this.cube = null;
    this.nextBuildAt = 0;
  }

  /** Resolves when no rebuild is in flight. */
  async settled(): Promise<void> {
    while (this.building) await this.building;
  }

  private refresh(): void {
    const generation = this.generation;
    const startedAt = Date.now();
    this.building = this.build()
      .then(
        (rows) => {
          if (generation !== this.generation) return;
          this.cube = FacetCube.fromRows(rows);
          this.nextBuildAt = startedAt + this.ttlMs;
          this.failures = 0;
        },
        (error: unknown) => {
          // Counting falls back to SQL meanwhile; retry after a pause that grows with each failure.
          this.failures++;
          this.nextBuildAt = Date.now() + Math.min(60_000, 1000 * 2 ** this.failures);
          console.error(`catalog: facet cube build failed: ${error instanceof Error ? error.message : String(error)}`);
        },
      )
      .finally(() => {
        this.building = null;
      });
  }
}
