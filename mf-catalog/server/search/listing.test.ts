import { generateProduct } from '../seed/generator.ts';
import { Documents } from './documents.ts';
import { firstByRelevance } from './listing.ts';
import type { Scored } from './match.ts';

/** A search's matches over `documents`: every third document, with scores from a few values (many ties), as word scores sum up. */
function matchesOf(documents: Documents): Scored {
  const docs = Int32Array.from({ length: Math.ceil(documents.count / 3) }, (_, i) => 3 * i);
  const values = [6, 5, 4.8, 4, 3.6, 2, 1];
  const scores = Float32Array.from(docs, (doc) => values[((doc * 7919) % 11) % values.length]!);
  return { docs, scores, bits: null, ranks: null, byteLength: docs.byteLength + scores.byteLength };
}

/** The relevance order by its definition: best score first, then id ascending, every position sorted. */
function fullOrder(documents: Documents, matches: Scored, kept: Int32Array | null): number[] {
  const positions = kept ? [...kept] : matches.docs.map((_, i) => i);
  return [...positions].sort((a, b) => matches.scores[b]! - matches.scores[a]! || documents.ids[matches.docs[a]!]! - documents.ids[matches.docs[b]!]!);
}

describe('the first positions in relevance order', () => {
  const documents = new Documents();
  for (let id = 1; id <= 30_000; id++) documents.add(generateProduct(7, id));
  documents.seal();
  const matches = matchesOf(documents);
  const kept = Int32Array.from({ length: matches.docs.length }, (_, i) => i).filter((position) => position % 5 !== 2);

  it.each([0, 1, 8, 24, 120, 1900, 4096])('are those of the full order, ties by id, for a page ending at %i, filtered or not', (count) => {
    expect([...firstByRelevance(documents, matches, null, count)]).toEqual(fullOrder(documents, matches, null).slice(0, count));
    expect([...firstByRelevance(documents, matches, kept, count)]).toEqual(fullOrder(documents, matches, kept).slice(0, count));
  });

  it('are every match when the page asks for more than there are', () => {
    const few = new Int32Array([3, 9, 1200, 4000]);
    expect([...firstByRelevance(documents, matches, few, 24)]).toEqual(fullOrder(documents, matches, few));
  });

  it('still order ties by id once products changed after the build put documents out of id order', () => {
    const changed = new Documents();
    for (let id = 1; id <= 3000; id++) changed.add(generateProduct(7, id));
    changed.seal();
    for (const id of [7, 1, 2500, 40]) {
      changed.remove(id);
      changed.add(generateProduct(7, id));
    }
    const all = Int32Array.from({ length: changed.count }, (_, doc) => doc).filter((doc) => changed.alive[doc]);
    const scores = Float32Array.from(all, (doc) => (doc % 2 === 0 ? 4 : 2));
    const later: Scored = { docs: all, scores, bits: null, ranks: null, byteLength: 0 };
    expect([...firstByRelevance(changed, later, null, 30)]).toEqual(fullOrder(changed, later, null).slice(0, 30));
  });
});
