// Which products match every word of a query, and how well: per word the best of (field weight ×
// match quality) over the word's candidates, summed over the words.
import type { WordReading } from './reading.ts';
import { FIELD_CLASSES, type FieldClass, type SearchIndex } from './searchIndex.ts';
import type { SearchTuning } from './tuning.ts';

/** Documents in ascending order with a score each (same positions). */
export interface Scored {
  docs: Int32Array;
  scores: Float32Array;
  /** For a word many documents use: one bit per document number, so "is it there" costs one lookup. */
  bits: Uint32Array | null;
  readonly byteLength: number;
}

/** Words matching more documents than this get their bits: a 1,000,000-product bit set is 122 KiB. */
const BITS_FROM = 4096;

function scored(docs: Int32Array, scores: Float32Array, documentCount = 0): Scored {
  let bits: Uint32Array | null = null;
  if (docs.length >= BITS_FROM && documentCount > 0) {
    bits = new Uint32Array((documentCount + 31) >>> 5);
    for (const doc of docs) bits[doc >>> 5]! |= 1 << (doc & 31);
  }
  return { docs, scores, bits, byteLength: docs.byteLength + scores.byteLength + (bits?.byteLength ?? 0) };
}

export const NOTHING: Scored = scored(new Int32Array(0), new Float32Array(0));

/**
 * Per-document scratch space reused by every word: a word marks the documents it reached with a
 * number of its own instead of clearing arrays the size of the catalogue.
 */
class Scratch {
  best = new Float32Array(0);
  mark = new Int32Array(0);
  private stamp = 0;

  fit(count: number): void {
    if (this.mark.length >= count) return;
    const size = Math.max(count, this.mark.length * 2, 1024);
    this.best = new Float32Array(size);
    this.mark = new Int32Array(size);
    this.stamp = 0;
  }

  nextStamp(): number {
    if (this.stamp === 0x7fffffff) {
      this.mark.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
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
  scratch.fit(index.documents.count);
  const { best, mark } = scratch;
  const stamp = scratch.nextStamp();
  let reached = new Int32Array(64);
  let count = 0;
  for (const { word, quality, inDescriptions } of reading.candidates) {
    for (const cls of inDescriptions ? CLASSES : NAMING_CLASSES) {
      const value = tuning.fieldWeights[cls] * quality;
      index.forEachDocument(word, cls, (doc) => {
        if (mark[doc] !== stamp) {
          mark[doc] = stamp;
          best[doc] = value;
          if (count === reached.length) {
            const bigger = new Int32Array(count * 2);
            bigger.set(reached);
            reached = bigger;
          }
          reached[count++] = doc;
        } else if (value > best[doc]!) {
          best[doc] = value;
        }
      });
    }
  }
  const docs = reached.slice(0, count).sort();
  const scores = new Float32Array(count);
  for (let i = 0; i < count; i++) scores[i] = best[docs[i]!]!;
  return scored(docs, scores, index.documents.count);
}

/** The documents in every one of the words' matches, with their scores summed. */
export function intersect(words: readonly Scored[]): Scored {
  if (words.length === 0 || words.some((word) => word.docs.length === 0)) return NOTHING;
  const [smallest, ...others] = [...words].sort((a, b) => a.docs.length - b.docs.length);
  let docs = smallest!.docs;
  let scores = smallest!.scores;
  for (const other of others) {
    const keptDocs = new Int32Array(docs.length);
    const keptScores = new Float32Array(docs.length);
    const { bits } = other;
    let kept = 0;
    let at = 0;
    for (let i = 0; i < docs.length && at < other.docs.length; i++) {
      const doc = docs[i]!;
      // Most documents of the rarer word are not in a common one: its bits say so without a search.
      if (bits && (bits[doc >>> 5]! & (1 << (doc & 31))) === 0) continue;
      at = seek(other.docs, doc, at);
      if (other.docs[at] === doc) {
        keptDocs[kept] = doc;
        keptScores[kept++] = scores[i]! + other.scores[at]!;
      }
    }
    docs = keptDocs.slice(0, kept);
    scores = keptScores.slice(0, kept);
  }
  return scored(docs, scores);
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
