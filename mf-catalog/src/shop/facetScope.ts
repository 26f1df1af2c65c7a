import type { Facets } from '../api/schemas.ts';
import type { ShopQuery } from './queryState.ts';

/** The filter dimensions whose options are counted by the catalogue's facets. */
export type FacetDimension = 'category' | 'brand' | 'color' | 'price';
const DIMENSIONS: readonly FacetDimension[] = ['category', 'brand', 'color', 'price'];

/**
 * The catalogue counts facets over the list as filtered, so once a brand is picked the brand facet
 * holds that brand alone. To offer the other brands (and honest counts) each dimension's options are
 * taken from a listing without that dimension's filter: this names that listing.
 */
export function scopeKey(query: ShopQuery, dimension: FacetDimension): string {
  return [dimension, ...DIMENSIONS.filter((d) => d !== dimension).map((d) => `${d}=${query[d] ?? ''}`)].join('|');
}

/** Remembers facets per scope; the listing of a state answers every dimension it leaves unfiltered. */
export class FacetMemo {
  private readonly entries = new Map<string, Facets>();
  private readonly limit: number;

  constructor(limit = 50) {
    this.limit = limit;
  }

  record(query: ShopQuery, facets: Facets): void {
    for (const dimension of DIMENSIONS) {
      if (query[dimension] !== null) continue;
      const key = scopeKey(query, dimension);
      this.entries.delete(key);
      this.entries.set(key, facets);
      if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  /** Facets valid for `dimension`'s options in this state, or undefined when not yet seen. */
  lookup(query: ShopQuery, dimension: FacetDimension, current: Facets | undefined): Facets | undefined {
    if (query[dimension] === null) return current;
    return this.entries.get(scopeKey(query, dimension));
  }
}
