import { safeParse } from 'valibot';
import { handedCardSchema, type Product } from '../api/schemas.ts';

/** Results per page on /search (4 columns, 6 rows). */
export const SEARCH_PER_PAGE = 24;

export interface SearchLocation {
  readonly term: string;
  readonly page: number;
  /** `?exact=1`: search the words as typed, without typo correction ("Search instead for"). */
  readonly exact: boolean;
  /** Products handed over by the header search (navigation state `key`), when every one is a whole card. */
  readonly handed: Product[] | null;
}

/**
 * What /search shows: the term from `?q=` (so a reload or a shared link works) or, failing that,
 * from navigation state `search`; the header's matches (state `key`) when they belong to that term.
 */
export function readSearchLocation(search: string, state: unknown): SearchLocation {
  const params = new URLSearchParams(search);
  const fromState = isRecord(state) && typeof state.search === 'string' ? state.search.trim() : '';
  const term = (params.get('q') ?? '').trim() || fromState;
  const pageRaw = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : 1;
  const exact = params.get('exact') === '1';
  let handed: Product[] | null = null;
  // The header's matches were corrected for typos: they are not the answer to the words as typed.
  if (isRecord(state) && Array.isArray(state.key) && fromState === term && page === 1 && !exact) {
    const cards = state.key.flatMap((item: unknown) => {
      const parsed = safeParse(handedCardSchema, item);
      return parsed.success ? [parsed.output] : [];
    });
    // One partial card makes the page wait for the real results (skeletons) rather than show a
    // shorter or wrong list: the header may come from an older release that handed less.
    if (cards.length === state.key.length) handed = cards;
  }
  return { term, page, exact, handed };
}

/** The address of a results page; everything the page keeps (the exact choice) travels with it. */
export function searchHref({ term, page = 1, exact = false }: { term: string; page?: number; exact?: boolean }): string {
  const search = new URLSearchParams({ q: term });
  if (exact) search.set('exact', '1');
  if (page > 1) search.set('page', String(page));
  return `/search?${search.toString()}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
