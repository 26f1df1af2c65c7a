// Products as ready-made JSON. Serialising a product costs more than finding it, so each product's
// public JSON is built once and kept, field by field, until that product changes.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ProductRepository } from '../storage/repository.ts';
import { CARD_READ_FIELDS, PRODUCT_FIELDS, type CardReadField, type ProductCard, type ProductField, type ProductRecord } from './model.ts';
import { presentCardField, presentField } from './present.ts';
import { recordProductCache } from '../metrics/registry.ts';

const FIELD_INDEX = new Map<string, number>(PRODUCT_FIELDS.map((field, i) => [field, i]));
const CARD_READ = new Set<ProductField>(CARD_READ_FIELDS);
/** `"field":` per field index. */
const FIELD_KEY = PRODUCT_FIELDS.map((field) => `${JSON.stringify(field)}:`);

/**
 * One product's public JSON, built field by field as requests ask for fields: a search page's cards
 * need 11 of the 16, and building the rest (tags, images, dates) and the whole object for every
 * product read was a tenth of a word search's time at a million products (issue #36).
 */
export class ProductJson {
  readonly id: number;
  /** Whether the whole product was read, not just its card: only then does it answer every field. */
  readonly complete: boolean;
  private readonly product: ProductRecord | ProductCard;
  private readonly imageBase: string;
  /** `"field":value` per field index once built; null where the field is left out. */
  private readonly fragments: (string | null | undefined)[] = new Array<undefined>(PRODUCT_FIELDS.length);
  private whole: string | undefined;
  private tag: string | undefined;

  constructor(product: ProductRecord | ProductCard, imageBase: string) {
    this.id = product.id;
    this.complete = 'tags' in product;
    this.product = product;
    this.imageBase = imageBase;
  }

  /** The whole product's JSON. */
  get json(): string {
    if (this.whole === undefined) {
      const present: string[] = [];
      for (let index = 0; index < PRODUCT_FIELDS.length; index++) {
        const fragment = this.fragment(index);
        if (fragment !== null) present.push(fragment);
      }
      this.whole = `{${present.join(',')}}`;
    }
    return this.whole;
  }

  /** A strong validator of the whole product's JSON. */
  get etag(): string {
    this.tag ??= `"${createHash('sha1').update(this.json).digest('base64url').slice(0, 22)}"`;
    return this.tag;
  }

  /** The JSON presentProduct(record, base, select) would give: id, then each selected field once, in order. */
  render(select: readonly ProductField[] | null): string {
    if (!select) return this.json;
    let out = `{${this.fragment(0)}`;
    let seen = 1; // bit per field index; id (index 0) is always there
    for (const field of select) {
      const index = FIELD_INDEX.get(field)!;
      const bit = 1 << index;
      if (seen & bit) continue;
      seen |= bit;
      const fragment = this.fragment(index);
      if (fragment !== null) out += `,${fragment}`;
    }
    return `${out}}`;
  }

  private fragment(index: number): string | null {
    let fragment = this.fragments[index];
    if (fragment === undefined) {
      const field = PRODUCT_FIELDS[index]!;
      let value: unknown;
      if (this.complete) value = presentField(this.product as ProductRecord, this.imageBase, field);
      else if (CARD_READ.has(field)) value = presentCardField(this.product, this.imageBase, field as CardReadField);
      else throw new Error(`product ${this.id}: only its card was read, not its ${field}`);
      // JSON.stringify leaves out undefined values; so do the fragments, which keeps the bytes identical.
      fragment = value === undefined ? null : FIELD_KEY[index] + JSON.stringify(value);
      this.fragments[index] = fragment;
    }
    return fragment;
  }
}

export interface ProductJsonCacheOptions {
  /** Most products kept; 0 turns the cache off (every read goes to the store). */
  maxEntries: number;
  /** Longest a product is reused; bounds how stale it can be after a write by another process. */
  ttlMs: number;
}

/** Pages larger than this are served but not remembered, so `limit=0` cannot flush the hot products. */
const MAX_FILL_PER_READ = 250;

/**
 * Product JSON by id, from memory when possible. Every write through the store (stock reservation
 * or release, upsert, bulk load, clear) drops the affected products at once; writes by other
 * processes (the CLIs, another instance on the same PostgreSQL) show after at most ttlMs.
 */
export class ProductJsonCache {
  private readonly repository: ProductRepository;
  private readonly imageBase: string;
  private readonly entries: LRUCache<number, ProductJson>;
  private readonly enabled: boolean;
  /** Bumped by every change: a read that started before a change must not store what it read. */
  private generation = 0;
  /** Single-product reads in flight, so a burst of requests for a cold product costs one query. */
  private readonly pending = new Map<number, Promise<ProductJson | null>>();

  constructor(repository: ProductRepository, imageBase: string, options: ProductJsonCacheOptions) {
    this.repository = repository;
    this.imageBase = imageBase;
    this.enabled = options.maxEntries > 0;
    // lru-cache reads a TTL of 0 as none, where ours means at once.
    this.entries = new LRUCache({ max: Math.max(1, options.maxEntries), ttl: Math.max(1, options.ttlMs) });
    repository.onProductsChanged((ids) => this.invalidate(ids));
  }

  invalidate(ids: readonly number[] | null): void {
    this.generation++;
    this.pending.clear();
    if (ids === null) this.entries.clear();
    else for (const id of ids) this.entries.delete(id);
  }

  /** One product, or null when there is none with this id. */
  one(id: number): ProductJson | null | Promise<ProductJson | null> {
    const cached = this.enabled ? this.entries.get(id) : undefined;
    const hit = cached?.complete ? cached : undefined;
    if (this.enabled) recordProductCache(hit ? 1 : 0, hit ? 0 : 1);
    if (hit) return hit;
    let read = this.pending.get(id);
    if (!read) {
      const generation = this.generation;
      read = this.repository.getProduct(id).then(
        (record) => {
          if (this.pending.get(id) === read) this.pending.delete(id);
          if (!record) return null;
          const product = new ProductJson(record, this.imageBase);
          if (this.enabled && generation === this.generation) this.entries.set(id, product);
          return product;
        },
        (error: unknown) => {
          if (this.pending.get(id) === read) this.pending.delete(id);
          throw error;
        },
      );
      this.pending.set(id, read);
    }
    return read;
  }

  /**
   * The products with these ids, in the same order; ids without a product are left out. With a
   * `select` a card answers, what is not cached is read as cards (and cached as such): render only
   * the selected fields.
   */
  async many(ids: readonly number[], select: readonly ProductField[] | null = null): Promise<ProductJson[]> {
    const cards = select !== null && select.every((field) => CARD_READ.has(field));
    const found: (ProductJson | undefined)[] = new Array(ids.length);
    const missing: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const hit = this.enabled ? this.entries.get(ids[i]!) : undefined;
      if (hit && (cards || hit.complete)) found[i] = hit;
      else missing.push(ids[i]!);
    }
    if (this.enabled) recordProductCache(ids.length - missing.length, missing.length);
    if (missing.length > 0) {
      const generation = this.generation;
      const records = cards ? await this.repository.getProductCards(missing) : await this.repository.getProducts(missing);
      const store = this.enabled && generation === this.generation && missing.length <= MAX_FILL_PER_READ;
      const read = new Map<number, ProductJson>();
      for (const record of records) {
        const product = new ProductJson(record, this.imageBase);
        read.set(record.id, product);
        if (store) this.entries.set(record.id, product);
      }
      for (let i = 0; i < ids.length; i++) found[i] ??= read.get(ids[i]!);
    }
    return found.filter((product): product is ProductJson => product !== undefined);
  }
}
