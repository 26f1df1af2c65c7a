// The knobs of matching and ranking, in one place (docs/api.md, "How search matches and ranks").
import { DEFAULT_TYPO_BUDGET, type TypoBudget } from './vocabulary.ts';

export type MatchKind = 'exact' | 'stem' | 'prefix' | 'typo';

export interface SearchTuning {
  /** Weight of a match per field class: title, brand/category/colour, description. */
  fieldWeights: readonly [number, number, number];
  /** How much a word's match counts by how it matched (a typo by its number of edits). */
  quality: { exact: number; stem: number; prefix: number; typo: readonly [number, number] };
  typoBudget: TypoBudget;
  /** Most words one typed beginning stands for (the most used ones), so one letter cannot read the whole catalogue. */
  prefixWords: number;
  /** Fewest letters a typed beginning needs before it matches longer words. */
  prefixMinLetters: number;
}

/**
 * Title 4, brand/category/colour 2, description 1; exact 1, stem 0.9, prefix 0.8, typo 0.6 (one edit)
 * or 0.45 (two): an exact title word (4) outranks a corrected one (2.4), which outranks an exact word
 * of the description (1).
 */
export const DEFAULT_TUNING: SearchTuning = {
  fieldWeights: [4, 2, 1],
  quality: { exact: 1, stem: 0.9, prefix: 0.8, typo: [0.6, 0.45] },
  typoBudget: DEFAULT_TYPO_BUDGET,
  prefixWords: 30,
  prefixMinLetters: 2,
};
