// The words that titles use, found by a piece of them: the whole word, its beginning, its end, or
// anywhere inside. A large catalogue has hundreds of thousands of words (reading them all for one
// typed piece took 4-11 ms at 200,000), so each title word is filed under its three-letter pieces.
import { LRUCache } from 'lru-cache';
import type { Vocabulary } from './vocabulary.ts';

/**
 * Where a typed piece of text must sit in a title word: the whole word, its beginning, its end, or
 * anywhere (a typed word with text on both sides is whole; the first word of "ive wa" is an end).
 */
export type Place = 'whole' | 'beginning' | 'end' | 'anywhere';

/** Marks a word's end, so that the end of a word is a three-letter piece even when one or two letters are typed. */
const END = '\u0000\u0000';

function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) found.add(text.slice(i, i + 3));
  return found;
}

export class TitleWords {
  private readonly byTrigram = new Map<string, number[]>();
  private readonly filed: boolean[] = [];
  private readonly vocabulary: Vocabulary;
  /** What with() found, by place and piece (a short piece, the "t" of "t-sh", fits hundreds of words); forgotten when a word is filed. */
  private readonly found = new LRUCache<string, number[]>({ max: 10_000 });

  constructor(vocabulary: Vocabulary) {
    this.vocabulary = vocabulary;
  }

  /** Files a word a title uses (once). */
  add(word: number): void {
    if (this.filed[word]) return;
    this.filed[word] = true;
    // Only when something was found: clearing costs a pass over the cache's slots, and a build files every word.
    if (this.found.size > 0) this.found.clear();
    for (const trigram of trigrams(this.vocabulary.words[word]! + END)) {
      const words = this.byTrigram.get(trigram);
      if (words) words.push(word);
      else this.byTrigram.set(trigram, [word]);
    }
  }

  /** The title words that have `piece` at that place, the piece itself included. */
  with(piece: string, place: Place): number[] {
    const key = `${place} ${piece}`;
    let words = this.found.get(key);
    if (!words) {
      words = this.look(piece, place);
      this.found.set(key, words);
    }
    return words;
  }

  private look(piece: string, place: Place): number[] {
    const { vocabulary } = this;
    const used = (word: number) => this.filed[word] === true;
    if (place === 'whole') {
      const word = vocabulary.idOf(piece);
      return word !== undefined && used(word) ? [word] : [];
    }
    if (place === 'beginning') return vocabulary.allStartingWith(piece).filter(used);
    const text = place === 'end' ? piece + END : piece;
    let fewest: number[] | undefined;
    for (const trigram of trigrams(text)) {
      const words = this.byTrigram.get(trigram) ?? [];
      if (!fewest || words.length < fewest.length) fewest = words;
    }
    // Every piece here has three characters or more: an end is padded, and a text alone is searched from three.
    const candidates = fewest ?? [];
    const fits = (word: string) => (place === 'end' ? word.endsWith(piece) : word.includes(piece));
    return candidates.filter((word) => used(word) && fits(vocabulary.words[word]!));
  }
}
