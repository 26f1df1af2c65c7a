// What the search keeps of each product besides its words: what the shop's filters and sort keys
// read, so a search is filtered, counted, faceted and ordered without asking the database.
import { COLOR_NAMES, type ProductRecord } from '../products/model.ts';

const TITLES_PER_CHUNK = 4096;

/** Codes for repeated strings (categories, brands): a number per product instead of a string. */
class Codes {
  readonly names: string[] = [];
  private readonly codes = new Map<string, number>();

  code(name: string): number {
    let code = this.codes.get(name);
    if (code === undefined) {
      code = this.names.length;
      this.codes.set(name, code);
      this.names.push(name);
    }
    return code;
  }

  find(name: string): number | undefined {
    return this.codes.get(name);
  }
}

/**
 * Indexed products by document number (their position here). A changed product gets a new
 * document and its old one is marked dead; a rebuild compacts them. Documents loaded at build time
 * are in id order, which finds them by binary search; later ones are found through a map.
 */
export class Documents {
  readonly ids: number[] = [];
  readonly alive: boolean[] = [];
  readonly category: number[] = [];
  /** -1: no brand. */
  readonly brand: number[] = [];
  /** Index in COLOR_NAMES, -1: no colour. */
  readonly color: number[] = [];
  readonly priceCents: number[] = [];
  readonly rating: number[] = [];
  readonly discount: number[] = [];
  readonly createdMs: number[] = [];
  /**
   * Titles as the shop sorts by them (ignoring case), one after another in text chunks, with where
   * each starts: a million separate strings would be a million objects for every garbage collection
   * to visit, and titles are only read to sort by title.
   */
  private readonly titleChunks: string[] = [];
  private pendingTitles: string[] = [];
  private readonly titleStart: number[] = [];
  readonly categories = new Codes();
  readonly brands = new Codes();
  private inIdOrder = 0;
  private sealed = false;
  private readonly later = new Map<number, number>();
  private dead = 0;

  get count(): number {
    return this.ids.length;
  }

  /** Whether documents were added since the build: document order is then no longer id order. */
  get changedSinceBuild(): boolean {
    return this.ids.length > this.inIdOrder;
  }

  /** Share of documents that are dead (replaced or deleted since the build). */
  get deadShare(): number {
    return this.ids.length === 0 ? 0 : this.dead / this.ids.length;
  }

  /** Adds a product as a new document and answers its number; call seal() after the build's documents. */
  add(record: ProductRecord): number {
    const doc = this.ids.length;
    this.ids.push(record.id);
    this.alive.push(true);
    this.category.push(this.categories.code(record.category));
    this.brand.push(record.brand === null ? -1 : this.brands.code(record.brand));
    this.color.push(record.color === null ? -1 : COLOR_NAMES.indexOf(record.color));
    this.priceCents.push(record.priceCents);
    this.rating.push(record.rating);
    this.discount.push(record.discountPercentage);
    this.createdMs.push(Date.parse(record.createdAt));
    this.addTitle(record.title.toLowerCase());
    if (this.sealed) this.later.set(record.id, doc);
    return doc;
  }

  /** The document's title, lower-cased. */
  titleKey(doc: number): string {
    if (doc >= this.titleStart.length - this.pendingTitles.length) return this.pendingTitles[doc - (this.titleStart.length - this.pendingTitles.length)]!;
    const chunk = Math.floor(doc / TITLES_PER_CHUNK);
    const first = chunk * TITLES_PER_CHUNK;
    const end =
      doc + 1 < first + TITLES_PER_CHUNK && doc + 1 < this.titleStart.length - this.pendingTitles.length
        ? this.titleStart[doc + 1]!
        : this.titleChunks[chunk]!.length;
    return this.titleChunks[chunk]!.slice(this.titleStart[doc]!, end);
  }

  private addTitle(title: string): void {
    this.pendingTitles.push(title);
    this.titleStart.push(0);
    if (this.pendingTitles.length === TITLES_PER_CHUNK) {
      const first = this.titleStart.length - TITLES_PER_CHUNK;
      let at = 0;
      this.pendingTitles.forEach((pending, i) => {
        this.titleStart[first + i] = at;
        at += pending.length;
      });
      this.titleChunks.push(this.pendingTitles.join(''));
      this.pendingTitles = [];
    }
  }

  /** Marks the end of the documents loaded in id order. */
  seal(): void {
    this.inIdOrder = this.ids.length;
    this.sealed = true;
  }

  /** Marks the product's live document dead; false when it had none. */
  remove(id: number): boolean {
    const doc = this.find(id);
    if (doc === undefined) return false;
    this.alive[doc] = false;
    this.dead++;
    this.later.delete(id);
    return true;
  }

  private find(id: number): number | undefined {
    const later = this.later.get(id);
    if (later !== undefined) return later;
    let low = 0;
    let high = this.inIdOrder;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ids[middle]! < id) low = middle + 1;
      else high = middle;
    }
    return low < this.inIdOrder && this.ids[low] === id && this.alive[low] ? low : undefined;
  }
}
