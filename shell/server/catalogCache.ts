// The gateway's HTTP cache for public catalogue answers. Shoppers ask the same products and pages
// over and over; answering them here saves the hop to the catalogue service, which costs more than
// the answer itself. The rules are HTTP's (http-cache-semantics: Cache-Control, Age, ETag
// revalidation); what HTTP cannot say, that stock changed a product a minute before its max-age
// runs out, the catalogue's change stream says, and the entries showing that product are dropped.
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';

export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Entry {
  policy: CachePolicy;
  status: number;
  body: Buffer;
  /** The products the answer shows. */
  ids: number[];
  /** A listing (its membership and order may change with any product write). */
  listing: boolean;
}

/** A change the catalogue announced: only the stock of `ids` ('stock') or anything about them ('data'); null ids = any product. */
export interface CatalogChange {
  kind: 'stock' | 'data';
  ids: number[] | null;
}

type Headers = Record<string, string | string[] | undefined>;

/**
 * The products an answer shows: a listing's products, a single product, or none (images). The
 * categories are counted from the products (and a new one appears with an import), so they go
 * stale with any product data change, like a listing.
 */
function productsIn(body: Buffer, contentType: string | undefined): { ids: number[]; listing: boolean } {
  if (!contentType?.includes('json')) return { ids: [], listing: false };
  try {
    const value = JSON.parse(body.toString('utf8')) as { id?: unknown; products?: { id?: unknown }[] } | unknown[];
    if (Array.isArray(value)) return { ids: [], listing: true };
    if (Array.isArray(value.products)) return { ids: value.products.map((p) => Number(p.id)).filter(Number.isInteger), listing: true };
    if (typeof value.id === 'number') return { ids: [value.id], listing: false };
  } catch {
    // Not JSON after all: nothing to index, the entry lives by its max-age alone.
  }
  return { ids: [], listing: false };
}

export class CatalogCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly byProduct = new Map<number, Set<string>>();
  private readonly listings = new Set<string>();
  /**
   * Answers are kept and served only while the change stream is connected: an entry kept while a
   * change could go unannounced might outlive it.
   */
  private live = false;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      // Headers and bookkeeping, roughly, besides the body.
      sizeCalculation: (entry) => entry.body.length + 1024,
      dispose: (entry, key) => this.unindex(key, entry),
    });
  }

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.entries.clear();
  }

  /** The stored answer for this request when it may be used as it is, else undefined. */
  fresh(url: string, headers: Headers): CachedAnswer | undefined {
    const entry = this.live ? this.entries.get(url) : undefined;
    if (!entry || !entry.policy.satisfiesWithoutRevalidation({ url, method: 'GET', headers })) return undefined;
    return this.answer(entry);
  }

  /** Headers that make the upstream request conditional when a stale answer with a validator is stored. */
  revalidationHeaders(url: string, headers: Headers): Record<string, string> | undefined {
    const entry = this.live ? this.entries.get(url) : undefined;
    if (!entry) return undefined;
    const revalidation = entry.policy.revalidationHeaders({ url, method: 'GET', headers });
    return 'if-none-match' in revalidation || 'if-modified-since' in revalidation ? flatten(revalidation) : undefined;
  }

  /** After a 304 to our own conditional request: the stored answer with refreshed freshness. */
  revalidated(url: string, requestHeaders: Headers, status: number, responseHeaders: Headers): CachedAnswer | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    const { policy, modified } = entry.policy.revalidatedPolicy({ url, method: 'GET', headers: requestHeaders }, { status, headers: responseHeaders });
    if (modified) return undefined;
    const refreshed = { ...entry, policy };
    this.entries.set(url, refreshed);
    this.index(url, refreshed);
    return this.answer(refreshed);
  }

  /** Keeps an answer when HTTP allows a shared cache to (public, a max-age, no no-store). */
  store(url: string, requestHeaders: Headers, status: number, responseHeaders: Headers, body: Buffer): void {
    if (!this.live) return;
    const policy = new CachePolicy({ url, method: 'GET', headers: requestHeaders }, { status, headers: responseHeaders }, { shared: true });
    if (!policy.storable() || policy.timeToLive() <= 0) return;
    const contentType = responseHeaders['content-type'];
    const entry: Entry = { policy, status, body, ...productsIn(body, Array.isArray(contentType) ? contentType[0] : contentType) };
    this.entries.set(url, entry);
    this.index(url, entry);
  }

  /** Drops the answers a change made stale. */
  apply(change: CatalogChange): void {
    if (change.ids === null) {
      this.entries.clear();
      return;
    }
    const stale = new Set<string>(change.kind === 'data' ? this.listings : []);
    for (const id of change.ids) for (const key of this.byProduct.get(id) ?? []) stale.add(key);
    for (const key of stale) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private answer(entry: Entry): CachedAnswer {
    return { status: entry.status, headers: flatten(entry.policy.responseHeaders()), body: entry.body };
  }

  private index(key: string, entry: Entry): void {
    for (const id of entry.ids) {
      let keys = this.byProduct.get(id);
      if (!keys) this.byProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
    if (entry.listing) this.listings.add(key);
  }

  private unindex(key: string, entry: Entry): void {
    for (const id of entry.ids) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(id);
    }
    this.listings.delete(key);
  }
}

function flatten(headers: CachePolicy.Headers): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
