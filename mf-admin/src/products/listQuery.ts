/**
 * The product list's search and page as they live in the address (a link, a reload or the back
 * button shows the same list) and as the catalogue API takes them.
 */
export const PAGE_SIZE = 20;
const Q_MAX = 200;

export interface ProductListState {
  readonly q: string;
  /** From 1. */
  readonly page: number;
}

export function listFromSearch(search: string): ProductListState {
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim().slice(0, Q_MAX);
  const raw = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  return { q, page };
}

export function searchFromList(state: ProductListState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function apiQueryOf(state: ProductListState): { q: string; skip: number; limit: number } {
  return { q: state.q, skip: (state.page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** "21–40 of 183" as numbers, for the line under the table. */
export function shownRange(state: ProductListState, shown: number, total: number): { from: number; to: number; total: number } {
  const from = shown === 0 ? 0 : (state.page - 1) * PAGE_SIZE + 1;
  return { from, to: from === 0 ? 0 : from + shown - 1, total };
}
