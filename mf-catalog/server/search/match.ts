// Which products match every word of a query, and how well: per word the best of (field weight ×
// match quality) over the word's candidates, summed over the words.
import type { WordReading } from './reading.ts';
import { FIELD_CLASSES, type FieldClass, type SearchIndex } from './searchIndex.ts';
import type { SearchTuning } from './tuning.ts';

export interface Matches {
  docs: number[];
  /** Score per document number (only the entries of `docs` are meaningful). */
  scores: Float64Array;
}

/**
 * Per-document scratch space reused by every query: a query marks the documents it reached with a
 * number of its own instead of clearing arrays the size of the catalogue.
 */
class Scratch {
  best = new Float64Array(0);
  total = new Float64Array(0);
  mark = new Int32Array(0);
  private stamp = 0;

  fit(count: number): void {
    if (this.mark.length >= count) return;
    const size = Math.max(count, this.mark.length * 2, 1024);
    this.best = new Float64Array(size);
    this.total = new Float64Array(size);
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

function cost(index: SearchIndex, reading: WordReading): number {
  let sum = 0;
  for (const { word } of reading.candidates) for (const cls of CLASSES) sum += index.postingCount(word, cls);
  return sum;
}

/** The documents matching every reading (none when one has no candidates), with their scores. */
export function matchAll(index: SearchIndex, readings: readonly WordReading[], tuning: SearchTuning): Matches {
  scratch.fit(index.documents.count);
  const { best, total, mark } = scratch;
  if (readings.length === 0 || readings.some((reading) => reading.candidates.length === 0)) return { docs: [], scores: total };
  // The rarest word first: the documents still in the running only shrink.
  const ordered = [...readings].sort((a, b) => cost(index, a) - cost(index, b));
  let running: number[] = [];
  ordered.forEach((reading, position) => {
    const stamp = scratch.nextStamp();
    const reached: number[] = [];
    for (const { word, quality } of reading.candidates) {
      for (const cls of CLASSES) {
        const value = tuning.fieldWeights[cls] * quality;
        index.forEachDocument(word, cls, (doc) => {
          if (mark[doc] !== stamp) {
            mark[doc] = stamp;
            best[doc] = value;
            reached.push(doc);
          } else if (value > best[doc]!) {
            best[doc] = value;
          }
        });
      }
    }
    if (position === 0) {
      for (const doc of reached) total[doc] = best[doc]!;
      running = reached;
    } else {
      running = running.filter((doc) => mark[doc] === stamp);
      for (const doc of running) total[doc]! += best[doc]!;
    }
  });
  return { docs: running, scores: total };
}
