// The shop's filters, facet counts, sort orders and pages applied to a search's matches, in memory,
// with the same meaning as the SQL listing's (storage/sql.ts).
import { COLOR_NAMES, PRICE_RANGES, type ListQuery, type SortKey } from '../products/model.ts';
import type { FacetCounts } from '../storage/repository.ts';
import type { Documents } from './documents.ts';
import type { Matches } from './match.ts';

export interface SearchOrder {
  /** null: by relevance (score, then id ascending). */
  sortBy: SortKey | null;
  order: 'asc' | 'desc';
}

type Test = (doc: number) => boolean;

/** The filter of one dimension as a test; null when the query does not filter it. */
function dimensionTests(documents: Documents, query: ListQuery): { category: Test | null; brand: Test | null; color: Test | null; price: Test | null } {
  const never: Test = () => false;
  const code = (found: number | undefined): Test => (found === undefined ? never : (doc) => documents.category[doc] === found);
  const brand = query.brand === undefined ? undefined : documents.brands.find(query.brand);
  const color = query.color === undefined ? -1 : COLOR_NAMES.indexOf(query.color);
  const { minPriceCents: min, maxPriceCents: max } = query;
  return {
    category: query.category === undefined ? null : code(documents.categories.find(query.category)),
    brand: query.brand === undefined ? null : brand === undefined ? never : (doc) => documents.brand[doc] === brand,
    color: query.color === undefined ? null : (doc) => documents.color[doc] === color,
    price:
      min === undefined && max === undefined
        ? null
        : (doc) => documents.priceCents[doc]! >= (min ?? -Infinity) && documents.priceCents[doc]! <= (max ?? Infinity),
  };
}

/** The matches the query's filters keep. */
export function filtered(documents: Documents, matches: Matches, query: ListQuery): number[] {
  const tests = Object.values(dimensionTests(documents, query)).filter((test): test is Test => test !== null);
  return tests.length === 0 ? matches.docs : matches.docs.filter((doc) => tests.every((test) => test(doc)));
}

/** Facet counts of the matches: each facet counts what the other filters leave, as the SQL facets do. */
export function facetCounts(documents: Documents, matches: Matches, query: ListQuery): FacetCounts {
  const tests = dimensionTests(documents, query);
  const passes = (test: Test | null, doc: number) => test === null || test(doc);
  const categories = new Map<string, number>();
  const brands = new Map<string, number>();
  const colors = new Map<string, number>();
  const priceRanges = PRICE_RANGES.map(() => 0);
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const doc of matches.docs) {
    const inCategory = passes(tests.category, doc);
    const inBrand = passes(tests.brand, doc);
    const inColor = passes(tests.color, doc);
    const inPrice = passes(tests.price, doc);
    if (inBrand && inColor && inPrice) bump(categories, documents.categories.names[documents.category[doc]!]!);
    if (inCategory && inColor && inPrice && documents.brand[doc]! >= 0) bump(brands, documents.brands.names[documents.brand[doc]!]!);
    if (inCategory && inBrand && inPrice && documents.color[doc]! >= 0) bump(colors, COLOR_NAMES[documents.color[doc]!]!);
    if (inCategory && inBrand && inColor) {
      const price = documents.priceCents[doc]!;
      const range = PRICE_RANGES.findIndex((r) => price >= r.minCents && price <= r.maxCents);
      if (range >= 0) priceRanges[range]!++;
    }
  }
  return { categories, brands, colors, priceRanges };
}

/** Compares two documents for the order: negative when a comes first. */
function comparator(documents: Documents, matches: Matches, { sortBy, order }: SearchOrder): (a: number, b: number) => number {
  const { ids } = documents;
  if (sortBy === null) return (a, b) => matches.scores[b]! - matches.scores[a]! || ids[a]! - ids[b]!;
  const sign = order === 'desc' ? -1 : 1;
  if (sortBy === 'title') {
    const keys = documents.titleKey;
    return (a, b) => sign * (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : ids[a]! - ids[b]!);
  }
  const column = { id: ids, price: documents.priceCents, rating: documents.rating, createdAt: documents.createdMs, discountPercentage: documents.discount }[sortBy];
  return (a, b) => sign * (column[a]! - column[b]! || ids[a]! - ids[b]!);
}

/**
 * The first `count` documents in the order, sorted. A page deep in a broad search needs only the
 * documents up to it, which a bounded heap finds without sorting every match.
 */
export function firstInOrder(documents: Documents, matches: Matches, docs: readonly number[], order: SearchOrder, count: number): number[] {
  const compare = comparator(documents, matches, order);
  if (count * 4 >= docs.length) return [...docs].sort(compare).slice(0, count);
  // A max-heap (by the order) of the best `count` seen so far: its root is the one to drop next.
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const doc of docs) {
    if (heap.length < count) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (count > 0 && compare(doc, heap[0]!) < 0) {
      heap[0] = doc;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let top = i;
        if (left < heap.length && worse(left, top)) top = left;
        if (right < heap.length && worse(right, top)) top = right;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}
