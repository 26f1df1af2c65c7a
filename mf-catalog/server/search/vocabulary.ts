// The catalogue's words: each word once, with its stem, how many products use it, and the
// structures that find a word from its stem, its beginning, or a mistyped form of it.
import { editDistance } from './editDistance.ts';
import { stem } from './text.ts';

/**
 * Typo candidates are found SymSpell's way: a word is filed under every form with up to
 * MAX_TYPO_EDITS letters deleted from its first TYPO_PREFIX letters, and a typed word is looked up
 * under its own such forms. Limiting deletes to a prefix keeps the table a few dozen entries per word
 * at any word length; the full words are then compared exactly.
 */
const TYPO_PREFIX = 7;
const MAX_TYPO_EDITS = 2;

/** The usual typo budget: none under 5 letters, one edit from 5, two from 9 (Meilisearch's defaults). */
export interface TypoBudget {
  oneEditFrom: number;
  twoEditsFrom: number;
}

export const DEFAULT_TYPO_BUDGET: TypoBudget = { oneEditFrom: 5, twoEditsFrom: 9 };

export function editsAllowed(word: string, budget: TypoBudget): number {
  const letters = [...word].length;
  return letters >= budget.twoEditsFrom ? 2 : letters >= budget.oneEditFrom ? 1 : 0;
}

function deletes(word: string, edits: number): Set<string> {
  const found = new Set<string>([word]);
  let layer = [word];
  for (let round = 0; round < edits; round++) {
    const next: string[] = [];
    for (const form of layer) {
      for (let i = 0; i < form.length; i++) {
        const shorter = form.slice(0, i) + form.slice(i + 1);
        if (!found.has(shorter)) {
          found.add(shorter);
          next.push(shorter);
        }
      }
    }
    layer = next;
  }
  return found;
}

export class Vocabulary {
  private readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  /** Products (indexed documents) that use each word, in any field; it grows with changes and is recounted at rebuilds. */
  readonly frequency: number[] = [];
  private readonly stemOf: string[] = [];
  private readonly byStem = new Map<string, number[]>();
  private readonly typoTargets = new Set<number>();
  private readonly typoTable = new Map<string, number[]>();
  /** Word ids in the words' order, for prefix lookups; rebuilt when words were added since. */
  private sorted: number[] | null = null;

  get size(): number {
    return this.words.length;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** The word's id, adding it when new. */
  add(word: string): number {
    let id = this.ids.get(word);
    if (id !== undefined) return id;
    id = this.words.length;
    this.ids.set(word, id);
    this.words.push(word);
    this.frequency.push(0);
    const wordStem = stem(word);
    this.stemOf.push(wordStem);
    const siblings = this.byStem.get(wordStem);
    if (siblings) siblings.push(id);
    else this.byStem.set(wordStem, [id]);
    this.sorted = null;
    return id;
  }

  /**
   * Lets typed words be corrected to this one. Only words of titles, brands, categories and colours
   * are: a typo read as a word that only descriptions use would mostly find what the shopper did not mean.
   */
  allowTypos(id: number): void {
    if (this.typoTargets.has(id)) return;
    this.typoTargets.add(id);
    const word = this.words[id]!;
    for (const form of deletes(word.slice(0, TYPO_PREFIX), MAX_TYPO_EDITS)) {
      const filed = this.typoTable.get(form);
      if (filed) filed.push(id);
      else this.typoTable.set(form, [id]);
    }
  }

  /** Words sharing the stem of `word` (whether or not `word` itself is one of them). */
  sameStem(word: string): readonly number[] {
    return this.byStem.get(stem(word)) ?? [];
  }

  /** The `limit` most used words that start with `prefix` (and are longer than it). */
  startingWith(prefix: string, limit: number): number[] {
    const sorted = this.sortedIds();
    const found: number[] = [];
    for (let i = this.firstAtOrAfter(prefix); i < sorted.length; i++) {
      const id = sorted[i]!;
      const word = this.words[id]!;
      if (!word.startsWith(prefix)) break;
      if (word.length > prefix.length && this.frequency[id]! > 0) found.push(id);
    }
    return found.sort((a, b) => this.frequency[b]! - this.frequency[a]! || this.compareWords(a, b)).slice(0, limit);
  }

  /** Every word that starts with `prefix`, the prefix itself included, in the words' order. */
  allStartingWith(prefix: string): number[] {
    const sorted = this.sortedIds();
    const found: number[] = [];
    for (let i = this.firstAtOrAfter(prefix); i < sorted.length && this.words[sorted[i]!]!.startsWith(prefix); i++) found.push(sorted[i]!);
    return found;
  }

  /**
   * The words within `maxEdits` of `typed` that typos may be corrected to, with their distance; the
   * caller picks among them.
   */
  typoCandidates(typed: string, maxEdits: number): { id: number; edits: number }[] {
    if (maxEdits === 0) return [];
    const seen = new Set<number>();
    const found: { id: number; edits: number }[] = [];
    for (const form of deletes(typed.slice(0, TYPO_PREFIX), maxEdits)) {
      for (const id of this.typoTable.get(form) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        if (this.frequency[id] === 0) continue;
        const edits = editDistance(typed, this.words[id]!, maxEdits);
        if (edits > 0 && edits <= maxEdits) found.push({ id, edits });
      }
    }
    return found;
  }

  /** Ties between words broken the same way everywhere, so every instance reads a query alike. */
  compareWords(a: number, b: number): number {
    const x = this.words[a]!;
    const y = this.words[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** The position in the sorted words of the first word at or after `text`. */
  private firstAtOrAfter(text: string): number {
    const sorted = this.sortedIds();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[sorted[middle]!]! < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private sortedIds(): number[] {
    if (!this.sorted) this.sorted = this.words.map((_, id) => id).sort((a, b) => this.compareWords(a, b));
    return this.sorted;
  }
}
