// Which products match every word of a query, and how well: per word the best of (field weight ×
// match quality) over the word's candidates, summed over the words.
import type { WordReading } from './reading.ts';
import { FIELD_CLASSES, type FieldClass, type SearchIndex } from './searchIndex.ts';
import type { SearchTuning } from './tuning.ts';

/** Documents in ascending order with a score each (same positions). */
export interface Scored {
  docs: Int32Array;
  scores: Float32Array;
  /**
   * For a word many documents use: one bit per document number, and per 32 of them how many bits
   * come before, so "is it there, and where" costs a lookup and a bit count instead of a search.
   */
  bits: Uint32Array | null;
  ranks: Int32Array | null;
  readonly byteLength: number;
}

/** Set bits of a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Words matching more documents than this keep their bits: a 1,000,000-product bit set is 122 KiB. */
const BITS_FROM = 4096;

export function scored(docs: Int32Array, scores: Float32Array, bits: Uint32Array | null = null): Scored {
  let ranks: Int32Array | null = null;
  if (bits) {
    ranks = new Int32Array(bits.length);
    for (let slot = 1; slot < bits.length; slot++) ranks[slot] = ranks[slot - 1]! + popcount(bits[slot - 1]!);
  }
  return { docs, scores, bits, ranks, byteLength: docs.byteLength + scores.byteLength + 2 * (bits?.byteLength ?? 0) };
}

export const NOTHING: Scored = scored(new Int32Array(0), new Float32Array(0));

/**
 * Per-document scratch space reused by every word: the best score so far, and a bit per document
 * reached. Reading the bits in order gives the documents sorted without sorting them; reading them
 * also clears them for the next word.
 */
class Scratch {
  best = new Float32Array(0);
  reached = new Uint32Array(0);
  private docs = [new Int32Array(1024), new Int32Array(1024)];
  private scores = [new Float32Array(1024), new Float32Array(1024)];
  private side = 0;

  keptDocs(size: number): Int32Array {
    if (this.docs[this.side]!.length < size) this.docs[this.side] = new Int32Array(size * 2);
    return this.docs[this.side]!;
  }

  keptScores(size: number): Float32Array {
    if (this.scores[this.side]!.length < size) this.scores[this.side] = new Float32Array(size * 2);
    return this.scores[this.side]!;
  }

  swap(): void {
    this.side = 1 - this.side;
  }

  fit(count: number): void {
    if (this.best.length >= count) return;
    const size = Math.max(count, this.best.length * 2, 1024);
    this.best = new Float32Array(size);
    this.reached = new Uint32Array((size + 31) >>> 5);
  }
}

const scratch = new Scratch();
const CLASSES = FIELD_CLASSES.map((_, cls) => cls as FieldClass);
/** The classes that name a product: title, brand, category, colour. */
const NAMING_CLASSES = CLASSES.filter((cls) => FIELD_CLASSES[cls] !== 'description');

/** What identifies a word's reading for caching: its candidates and their qualities. */
export function readingKey(reading: WordReading): string {
  return reading.candidates
    .map(({ word, quality, inDescriptions }) => `${word}:${quality}${inDescriptions ? '' : ':t'}`)
    .sort()
    .join(',');
}

/** The documents matching one word's reading, each with its best field weight × quality. */
export function wordMatches(index: SearchIndex, reading: WordReading, tuning: SearchTuning): Scored {
  return collect(index, (visit) => {
    for (const { word, quality, inDescriptions } of reading.candidates) {
      for (const cls of inDescriptions ? CLASSES : NAMING_CLASSES) {
        const { built, added } = index.documentsOf(word, cls);
        visit(built, tuning.fieldWeights[cls] * quality);
        visit(added, tuning.fieldWeights[cls] * quality);
      }
    }
  });
}

/** The documents with any of these words in their title, each scored `score`. */
export function titleMatches(index: SearchIndex, words: readonly number[], score: number): Scored {
  return collect(index, (visit) => {
    for (const word of words) {
      const { built, added } = index.documentsOf(word, 0);
      visit(built, score);
      visit(added, score);
    }
  });
}

/**
 * The live documents `visitAll` hands to `visit`, each once with the best value it was handed, in
 * document order.
 */
function collect(index: SearchIndex, visitAll: (visit: (docs: ArrayLike<number>, value: number) => void) => void): Scored {
  const count = index.documents.count;
  scratch.fit(count);
  const { best, reached } = scratch;
  const alive = index.documents.alive;
  let found = 0;
  visitAll((docs, value) => {
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      if (!alive[doc]) continue;
      const slot = doc >>> 5;
      const bit = 1 << (doc & 31);
      if ((reached[slot]! & bit) === 0) {
        reached[slot]! |= bit;
        best[doc] = value;
        found++;
      } else if (value > best[doc]!) {
        best[doc] = value;
      }
    }
  });
  const slots = (count + 31) >>> 5;
  const bits = found >= BITS_FROM ? reached.slice(0, slots) : null;
  const docs = new Int32Array(found);
  const scores = new Float32Array(found);
  for (let slot = 0, k = 0; k < found; slot++) {
    let word = reached[slot]!;
    if (word === 0) continue;
    reached[slot] = 0;
    while (word !== 0) {
      const lowest = word & -word;
      const doc = (slot << 5) + 31 - Math.clz32(lowest);
      docs[k] = doc;
      scores[k++] = best[doc]!;
      word ^= lowest;
    }
  }
  return scored(docs, scores, bits);
}

/** The document's score in `matches`, 0 when it is not among them. */
export function scoreOf(matches: Scored, doc: number): number {
  const { bits, ranks, docs, scores } = matches;
  if (bits && ranks) {
    const slot = doc >>> 5;
    const word = bits[slot] ?? 0;
    const bit = 1 << (doc & 31);
    return (word & bit) === 0 ? 0 : scores[ranks[slot]! + popcount(word & (bit - 1))]!;
  }
  const at = seek(docs, doc, 0);
  return docs[at] === doc ? scores[at]! : 0;
}

/** The documents in either, each with the better of its scores. */
export function union(a: Scored, b: Scored): Scored {
  if (b.docs.length === 0) return a;
  if (a.docs.length === 0) return b;
  const docs = new Int32Array(a.docs.length + b.docs.length);
  const scores = new Float32Array(docs.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.docs.length || j < b.docs.length) {
    const x = i < a.docs.length ? a.docs[i]! : Infinity;
    const y = j < b.docs.length ? b.docs[j]! : Infinity;
    docs[k] = Math.min(x, y);
    scores[k++] = Math.max(x <= y ? a.scores[i++]! : 0, y <= x ? b.scores[j++]! : 0);
  }
  let bits: Uint32Array | null = null;
  if (k >= BITS_FROM) {
    bits = new Uint32Array((docs[k - 1]! >>> 5) + 1);
    for (let n = 0; n < k; n++) bits[docs[n]! >>> 5]! |= 1 << (docs[n]! & 31);
  }
  return scored(docs.slice(0, k), scores.slice(0, k), bits);
}

/** The documents in every one of the words' matches, with their scores summed. */
export function intersect(words: readonly Scored[]): Scored {
  if (words.length === 0 || words.some((word) => word.docs.length === 0)) return NOTHING;
  const [smallest, ...others] = [...words].sort((a, b) => a.docs.length - b.docs.length);
  let docs = smallest!.docs;
  let scores = smallest!.scores;
  for (const other of others) {
    // Written into scratch space, copied out at the end: fewer fresh buffers, fewer full collections.
    const keptDocs = scratch.keptDocs(docs.length);
    const keptScores = scratch.keptScores(docs.length);
    const { bits, ranks } = other;
    let kept = 0;
    if (bits && ranks) {
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        const slot = doc >>> 5;
        const word = bits[slot]!;
        const bit = 1 << (doc & 31);
        if ((word & bit) === 0) continue;
        keptDocs[kept] = doc;
        keptScores[kept++] = scores[i]! + other.scores[ranks[slot]! + popcount(word & (bit - 1))]!;
      }
    } else {
      for (let i = 0, at = 0; i < docs.length && at < other.docs.length; i++) {
        const doc = docs[i]!;
        at = seek(other.docs, doc, at);
        if (other.docs[at] === doc) {
          keptDocs[kept] = doc;
          keptScores[kept++] = scores[i]! + other.scores[at]!;
        }
      }
    }
    docs = keptDocs.subarray(0, kept);
    scores = keptScores.subarray(0, kept);
    // The next word reads these while writing the scratch's other half.
    scratch.swap();
  }
  return scored(docs.slice(), scores.slice());
}

/** The first position at or after `from` whose document is >= doc (galloping, then binary search). */
function seek(docs: Int32Array, doc: number, from: number): number {
  let step = 1;
  let high = from;
  while (high < docs.length && docs[high]! < doc) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, docs.length);
  while (from < high) {
    const middle = (from + high) >>> 1;
    if (docs[middle]! < doc) from = middle + 1;
    else high = middle;
  }
  return from;
}
