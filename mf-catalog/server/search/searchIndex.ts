// The search index: for every word, the documents (products) that use it, per field class. The
// documents of the build sit in compact typed arrays; products changed since are added to small
// growable lists beside them until the next rebuild.
import type { ProductRecord } from '../products/model.ts';
import { Documents } from './documents.ts';
import { words } from './text.ts';
import { TitleWords, type Place } from './titleWords.ts';
import { Vocabulary } from './vocabulary.ts';

/** Field classes, best first: a word found in the title counts more than in the brand, category or colour, and those more than in the description. */
export const FIELD_CLASSES = ['title', 'attribute', 'description'] as const;
export type FieldClass = 0 | 1 | 2;

/** Each class's word ids of one product, each word in its best class only. */
function productWords(record: ProductRecord, vocabulary: Vocabulary): [number[], number[], number[]] {
  const seen = new Set<number>();
  const take = (texts: (string | null)[]): number[] => {
    const ids: number[] = [];
    for (const text of texts) {
      if (!text) continue;
      for (const word of words(text)) {
        const id = vocabulary.add(word);
        if (!seen.has(id)) {
          seen.add(id);
          ids.push(id);
        }
      }
    }
    return ids;
  };
  return [take([record.title]), take([record.brand, record.category, record.color]), take([record.description])];
}

const EMPTY = new Int32Array(0);

/** An Int32Array that grows as values are pushed. */
class IntBuffer {
  data = new Int32Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/** Documents per word of one class, as CSR: word w's documents are docs[offsets[w] .. offsets[w + 1]). */
interface Postings {
  offsets: Int32Array;
  docs: Int32Array;
}

export class SearchIndex {
  readonly vocabulary = new Vocabulary();
  readonly documents = new Documents();
  private base: Postings[] = [];
  private readonly added: Map<number, number[]>[] = [new Map(), new Map(), new Map()];
  private readonly titleWords = new TitleWords(this.vocabulary);

  /** Builds the index from every product, read in pages (in id order). */
  static async build(pages: AsyncIterable<readonly ProductRecord[]>): Promise<SearchIndex> {
    const index = new SearchIndex();
    // Each class's word ids per document, one after another, then regrouped by word (a counting sort).
    const terms = [new IntBuffer(), new IntBuffer(), new IntBuffer()];
    const ends: IntBuffer[] = [new IntBuffer(), new IntBuffer(), new IntBuffer()];
    for await (const page of pages) {
      for (const record of page) {
        index.documents.add(record);
        const classes = productWords(record, index.vocabulary);
        classes.forEach((ids, cls) => {
          for (const id of ids) {
            terms[cls]!.push(id);
            index.vocabulary.frequency[id]!++;
            if (cls < 2) index.vocabulary.allowTypos(id);
            if (cls === 0) index.titleWords.add(id);
          }
          ends[cls]!.push(terms[cls]!.length);
        });
      }
    }
    index.documents.seal();
    index.base = terms.map((buffer, cls) => regroup(buffer, ends[cls]!, index.vocabulary.size));
    return index;
  }

  /** Indexes a product added or changed after the build (its previous document, if any, is removed first). */
  put(record: ProductRecord): void {
    this.documents.remove(record.id);
    const doc = this.documents.add(record);
    productWords(record, this.vocabulary).forEach((ids, cls) => {
      for (const id of ids) {
        this.vocabulary.frequency[id]!++;
        if (cls < 2) this.vocabulary.allowTypos(id);
        if (cls === 0) this.titleWords.add(id);
        const list = this.added[cls]!.get(id);
        if (list) list.push(doc);
        else this.added[cls]!.set(id, [doc]);
      }
    });
  }

  /** Takes a deleted product out of every answer. */
  delete(id: number): void {
    this.documents.remove(id);
  }

  /** The documents using the word in this class, dead ones included (see documents.alive): the build's and those added since. */
  documentsOf(word: number, cls: FieldClass): { built: Int32Array; added: readonly number[] } {
    const { offsets, docs } = this.base[cls]!;
    const built = word + 1 < offsets.length ? docs.subarray(offsets[word]!, offsets[word + 1]!) : EMPTY;
    return { built, added: this.added[cls]!.get(word) ?? [] };
  }

  /** The words of titles that have `piece` at that place (TitleWords). */
  titleWordsWith(piece: string, place: Place): number[] {
    return this.titleWords.with(piece, place);
  }

  /** Bytes held by the postings of the build (the typed arrays). */
  get postingBytes(): number {
    return this.base.reduce((sum, postings) => sum + postings.offsets.byteLength + postings.docs.byteLength, 0);
  }
}

/** Turns per-document word lists into per-word document lists (documents ascending). */
function regroup(terms: IntBuffer, ends: IntBuffer, wordCount: number): Postings {
  const offsets = new Int32Array(wordCount + 1);
  for (let i = 0; i < terms.length; i++) offsets[terms.data[i]! + 1]!++;
  for (let w = 0; w < wordCount; w++) offsets[w + 1]! += offsets[w]!;
  const docs = new Int32Array(terms.length);
  const fill = offsets.slice(0, wordCount);
  let start = 0;
  for (let doc = 0; doc < ends.length; doc++) {
    const end = ends.data[doc]!;
    for (let i = start; i < end; i++) docs[fill[terms.data[i]!]!++] = doc;
    start = end;
  }
  return { offsets, docs };
}
