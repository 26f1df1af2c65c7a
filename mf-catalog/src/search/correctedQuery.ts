import type { SearchInfo } from '../api/schemas.ts';

/** One word of the searched text (or the space between words), emphasised when it was corrected. */
export interface QueryPart {
  readonly text: string;
  readonly corrected: boolean;
}

/**
 * The text the catalogue searched for instead of the shopper's, split so the corrected words can be
 * emphasised ("Showing results for headphones"); null when it took the words as typed.
 */
export function correctedQuery(search: SearchInfo | null | undefined): QueryPart[] | null {
  const corrected = search?.corrected?.trim();
  if (!search || !corrected) return null;
  const replaced = new Set(
    search.words.flatMap((word) =>
      word.kind === 'typo' && word.matched && word.typed.toLowerCase() !== word.matched.toLowerCase() ? [word.matched.toLowerCase()] : [],
    ),
  );
  return corrected
    .split(/(\s+)/)
    .filter((text) => text !== '')
    .map((text) => ({ text, corrected: replaced.has(text.toLowerCase()) }));
}

/** The corrected text as plain words, for what is read aloud. */
export function plainQuery(parts: readonly QueryPart[]): string {
  return parts.map((part) => part.text).join('');
}
