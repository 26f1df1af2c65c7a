import type { Facets } from '../api/schemas.ts';
import { FacetMemo, scopeKey } from './facetScope.ts';
import { DEFAULT_QUERY } from './queryState.ts';

const facets = (brands: string[]): Facets => ({
  categories: [],
  brands: brands.map((name) => ({ name, count: 1 })),
  colors: [],
  priceRanges: [],
});

describe('facet scopes', () => {
  it('a dimension’s scope ignores that dimension only', () => {
    const a = { ...DEFAULT_QUERY, category: 'bags', brand: 'A' };
    const b = { ...DEFAULT_QUERY, category: 'bags', brand: 'B' };
    expect(scopeKey(a, 'brand')).toBe(scopeKey(b, 'brand'));
    expect(scopeKey(a, 'color')).not.toBe(scopeKey(b, 'color'));
  });

  it('keeps the other brands on offer once a brand is picked', () => {
    const memo = new FacetMemo();
    const all = facets(['A', 'B', 'C']);
    memo.record({ ...DEFAULT_QUERY, category: 'bags' }, all);
    const picked = { ...DEFAULT_QUERY, category: 'bags', brand: 'B' };
    memo.record(picked, facets(['B']));
    expect(memo.lookup(picked, 'brand', facets(['B']))).toBe(all);
    // Unfiltered dimensions use the current answer.
    const current = facets(['B']);
    expect(memo.lookup(picked, 'color', current)).toBe(current);
  });

  it('knows nothing of a scope it has not seen', () => {
    const memo = new FacetMemo();
    expect(memo.lookup({ ...DEFAULT_QUERY, brand: 'B' }, 'brand', facets(['B']))).toBeUndefined();
  });

  it('forgets the oldest scopes beyond its limit', () => {
    const memo = new FacetMemo(1);
    memo.record({ ...DEFAULT_QUERY, category: 'a', color: 'red', price: '0-9.99' }, facets(['1']));
    memo.record({ ...DEFAULT_QUERY, category: 'b', color: 'red', price: '0-9.99' }, facets(['2']));
    expect(memo.lookup({ ...DEFAULT_QUERY, category: 'a', color: 'red', price: '0-9.99', brand: 'x' }, 'brand', undefined)).toBeUndefined();
    expect(memo.lookup({ ...DEFAULT_QUERY, category: 'b', color: 'red', price: '0-9.99', brand: 'x' }, 'brand', undefined)?.brands[0]?.name).toBe('2');
  });
});
