// The shop's filters, facet counts, sort orders and pages applied to a search's matches, in memory,
// with the same meaning as the SQL listing's (storage/sql.ts).
import { COLOR_NAMES, PRICE_RANGES, type ListQuery, type SortKey } from '../products/model.ts';
import type { FacetCounts } from '../storage/repository.ts';
import type { Documents } from './documents.ts';
import type { Scored } from './match.ts';

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

/** Positions (in `matches`) of the matches the query's filters keep; null when it has no filter (all of them). */
export function filtered(documents: Documents, matches: Scored, query: ListQuery): Int32Array | null {
  const tests = Object.values(dimensionTests(documents, query)).filter((test): test is Test => test !== null);
  if (tests.length === 0) return null;
  const kept = new Int32Array(matches.docs.length);
  let count = 0;
  for (let i = 0; i < matches.docs.length; i++) if (tests.every((test) => test(matches.docs[i]!))) kept[count++] = i;
  return count === kept.length ? kept : kept.slice(0, count);
}

/** Facet counts of the matches: each facet counts what the other filters leave, as the SQL facets do. */
export function facetCounts(documents: Documents, matches: Scored, query: ListQuery): FacetCounts {
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

function allPositions(matches: Scored): Int32Array {
  const positions = new Int32Array(matches.docs.length);
  for (let i = 0; i < positions.length; i++) positions[i] = i;
  return positions;
}

/** Compares two positions of `matches` for the order: negative when a comes first. */
function comparator(documents: Documents, matches: Scored, { sortBy, order }: SearchOrder): (a: number, b: number) => number {
  const { ids } = documents;
  const { docs, scores } = matches;
  if (sortBy === null) return (a, b) => scores[b]! - scores[a]! || ids[docs[a]!]! - ids[docs[b]!]!;
  const sign = order === 'desc' ? -1 : 1;
  if (sortBy === 'title') {
    return (a, b) => {
      const x = documents.titleKey(docs[a]!);
      const y = documents.titleKey(docs[b]!);
      return sign * (x < y ? -1 : x > y ? 1 : ids[docs[a]!]! - ids[docs[b]!]!);
    };
  }
  const column = { id: ids, price: documents.priceCents, rating: documents.rating, createdAt: documents.createdMs, discountPercentage: documents.discount }[
    sortBy
  ];
  return (a, b) => sign * (column[docs[a]!]! - column[docs[b]!]! || ids[docs[a]!]! - ids[docs[b]!]!);
}

/**
 * The first `count` positions in relevance order: best score first, then id ascending. A page needs
 * only those, and a bounded heap finds them in one pass over the matches instead of ordering every
 * one of them (tens of thousands for two common words at a million products). While the documents
 * are those of the build, position order is id order, so a later position never beats an equal score
 * already kept and one comparison of scores turns most positions away.
 */
export function firstByRelevance(documents: Documents, matches: Scored, kept: Int32Array | null, count: number): Int32Array {
  if (documents.changedSinceBuild) return Int32Array.from(firstInOrder(documents, matches, kept, { sortBy: null, order: 'asc' }, count));
  const { scores } = matches;
  const length = kept?.length ?? scores.length;
  const size = Math.min(count, length);
  // A page deep into the matches needs most of the order anyway, and grouping by score is one pass.
  if (size * 4 >= length) {
    const ordered = byScore(scores, kept, length);
    return size === length ? ordered : ordered.slice(0, size);
  }
  // A min-heap by (score, then later position) of the best `size` so far: its root goes first.
  const heap = new Int32Array(size);
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  let filled = 0;
  for (let i = 0; i < length; i++) {
    const position = kept ? kept[i]! : i;
    if (filled < size) {
      let at = filled++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(position, heap[parent]!)) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = position;
    } else if (size > 0 && scores[position]! > scores[heap[0]!]!) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && worse(heap[right]!, heap[left]!) ? right : left;
        if (!worse(heap[child]!, position)) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = position;
    }
  }
  return heap.sort((a, b) => scores[b]! - scores[a]! || a - b);
}

/**
 * Every position (of `kept`, or all) best score first, in position order within a score. Scores take
 * few distinct values, so the positions are grouped by score rather than sorted one comparison at a time.
 */
function byScore(scores: Float32Array, kept: Int32Array | null, length: number): Int32Array {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < length; i++) {
    const position = kept ? kept[i]! : i;
    const group = groups.get(scores[position]!);
    if (group) group.push(position);
    else groups.set(scores[position]!, [position]);
  }
  const ordered = new Int32Array(length);
  let at = 0;
  for (const score of [...groups.keys()].sort((a, b) => b - a)) for (const position of groups.get(score)!) ordered[at++] = position;
  return ordered;
}

/**
 * The first `count` positions in a sort key's order, sorted. A page deep in a broad search needs only
 * the matches up to it, which a bounded heap finds without sorting every match.
 */
export function firstInOrder(documents: Documents, matches: Scored, kept: Int32Array | null, order: SearchOrder, count: number): number[] {
  const positions = kept ?? allPositions(matches);
  const compare = comparator(documents, matches, order);
  if (count * 4 >= positions.length) return [...positions].sort(compare).slice(0, count);
  // A max-heap (by the order) of the best `count` seen so far: its root is the one to drop next.
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const position of positions) {
    if (heap.length < count) {
      heap.push(position);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (count > 0 && compare(position, heap[0]!) < 0) {
      heap[0] = position;
      for (let i = 0; ;) {
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
