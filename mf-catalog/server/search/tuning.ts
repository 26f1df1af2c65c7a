// The knobs of matching and ranking, in one place (docs/api.md, "How search matches and ranks").
import { DEFAULT_TYPO_BUDGET, type TypoBudget } from './vocabulary.ts';

export type MatchKind = 'exact' | 'stem' | 'prefix' | 'typo';

export interface SearchTuning {
  /** Weight of a match per field class: title, brand/category/colour, description. */
  fieldWeights: readonly [number, number, number];
  /**
   * How much a word's match counts by how it matched (a typo by its number of edits); `part`: per
   * typed word, a title that contains the typed text only inside or across its words (titleText.ts).
   */
  quality: { exact: number; stem: number; prefix: number; typo: readonly [number, number]; part: number };
  typoBudget: TypoBudget;
  /** Most words one typed beginning stands for (the most used ones), so one letter cannot read the whole catalogue. */
  prefixWords: number;
  /** Fewest letters a typed beginning needs before it matches longer words. */
  prefixMinLetters: number;
  /** Fewest characters the typed text needs before titles are searched for it as typed. */
  titleTextMinLength: number;
}

/**
 * Title 4, brand/category/colour 2, description 1; exact 1, stem 0.9, prefix 0.8, typo 0.6 (one edit)
 * or 0.45 (two), part of a title word 0.4: an exact title word (4) outranks a corrected one (2.4),
 * which outranks an exact word of the brand (2), then a title containing the text inside a word
 * (1.6: "atch" in "Smartwatch"), then an exact word of the description (1). Titles are searched for
 * the text as typed from 3 characters, the least the engines' own trigram indexes search by: one or
 * two letters are inside most titles, and the prefix reading already serves them.
 */
export const DEFAULT_TUNING: SearchTuning = {
  fieldWeights: [4, 2, 1],
  quality: { exact: 1, stem: 0.9, prefix: 0.8, typo: [0.6, 0.45], part: 0.4 },
  typoBudget: DEFAULT_TYPO_BUDGET,
  prefixWords: 30,
  prefixMinLetters: 2,
  titleTextMinLength: 3,
};
