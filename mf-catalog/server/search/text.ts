// How text becomes search words: the same rules for the catalogue's fields and for what a shopper types.
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as russianStem } from '@orama/stemmers/russian';

/** Letters and digits; hyphens, apostrophes and punctuation separate words ("T-Shirt" is "t" and "shirt"). */
const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /[\u0400-\u04ff]/;
/** A character beyond ASCII. */
const NON_ASCII = /[^\p{ASCII}]/u;
const ASCII_WORD = /[a-z0-9]+/g;
/** Combining marks left by NFKD (accents): "café" and "cafe" are one word, "й" keeps its breve below. */
const ACCENTS = /[\u0300-\u0305\u0307-\u036f]/g;

/**
 * Lower-cased words of a text, Unicode-normalised: compatibility forms folded (full-width letters,
 * ligatures), Latin accents dropped, ё read as е (Russian writes both for one word).
 */
export function words(text: string): string[] {
  // Most catalogue text is plain ASCII, which needs no normalising: the fast path (a fifth of the time).
  if (!NON_ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  return fold(text).match(WORD) ?? [];
}

/** The text as words() reads it, whole: lower-cased and normalised the same way, separators kept. */
export function fold(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(ACCENTS, '').normalize('NFC').toLowerCase().replace(/ё/g, 'е');
}

/** The words of folded text with where each starts, in the order words() gives them. */
export function wordsAt(folded: string): { word: string; at: number }[] {
  return Array.from(folded.matchAll(WORD), (found) => ({ word: found[0], at: found.index }));
}

/** The word's stem, by its script: Cyrillic words by the Russian stemmer, others by the English one. */
export function stem(word: string): string {
  if (/^\d/.test(word)) return word;
  return CYRILLIC.test(word) ? russianStem(word) : englishStem(word);
}
