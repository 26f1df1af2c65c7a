// Pagination maths for the listing. Pages count from 1.

/** Pages = ceil(total / perPage); an empty listing still has one (empty) page. */
export function pageCount(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(perPage) || perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/** Keeps a page number inside 1..count (non-numbers become 1). */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, Math.floor(count)));
}

/** Previous does nothing on the first page. */
export function previousPage(page: number): number {
  return Math.max(1, page - 1);
}

/** Next does nothing on the last page. */
export function nextPage(page: number, count: number): number {
  return Math.min(Math.max(1, count), page + 1);
}

/** Rows to skip for a page. */
export function offsetOf(page: number, perPage: number): number {
  return (Math.max(1, page) - 1) * perPage;
}

/** "Showing 7–12 of 180": first and last row (1-based) of a page; 0–0 when empty. */
export function rangeOf(page: number, perPage: number, total: number): { first: number; last: number } {
  if (total <= 0) return { first: 0, last: 0 };
  const first = Math.min(offsetOf(page, perPage) + 1, total);
  return { first, last: Math.min(first + perPage - 1, total) };
}

export type PageItem = number | 'gap';

/**
 * The numbered buttons to show: always the first and last page, the current one with `siblings`
 * on each side, and 'gap' where pages are left out. A gap never hides a single page (that page is
 * shown instead), so the number of items stays constant while moving through the pages.
 */
export function pageItems(current: number, count: number, siblings = 1): PageItem[] {
  const last = Math.max(1, count);
  const page = clampPage(current, last);
  // first + last + current + siblings on both sides + two gaps
  const slots = 2 * siblings + 5;
  if (last <= slots) return range(1, last);
  const leftSibling = Math.max(page - siblings, 1);
  const rightSibling = Math.min(page + siblings, last);
  const showLeftGap = leftSibling > 3;
  const showRightGap = rightSibling < last - 2;
  if (!showLeftGap) return [...range(1, 3 + 2 * siblings), 'gap', last];
  if (!showRightGap) return [1, 'gap', ...range(last - (2 + 2 * siblings), last)];
  return [1, 'gap', ...range(leftSibling, rightSibling), 'gap', last];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
