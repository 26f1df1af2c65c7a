// Pages that do not depend on who asks, rendered once and shared for a short time, the way a CDN in
// front of the shop would hold them. Everything a server render reads is in the key (the address, the
// shopper's language, the shell build and remote releases they get); the shopper's own parts (cart,
// account) are browser islands and never in the HTML. The catalogue's change stream drops the pages
// showing a changed product at once; between changes a page is fresh for `freshMs`, then served stale
// for up to `staleMs` more while one render replaces it. However many shoppers ask for a page nobody
// has rendered yet, one render runs and they all get it.
import { LRUCache } from 'lru-cache';
import type { CatalogChange } from './catalogCache.ts';
import type { EmbeddedAnswer } from './routeData.ts';

export interface RenderedPage {
  status: number;
  html: string;
  /** The catalogue answers the page carries: which products it shows, and whether it lists some. */
  answers: Record<string, EmbeddedAnswer>;
  /** Only a complete render may be shared: one that left a part to the browser is not kept. */
  complete: boolean;
}

/** Where a page came from: the cache (hit, stale), a render of its own (miss), or a render another request started (coalesced). */
export type PageSource = 'hit' | 'stale' | 'miss' | 'coalesced';

interface Entry {
  page: RenderedPage;
  renderedAt: number;
  ids: number[];
  listing: boolean;
}

export interface PageCacheOptions {
  maxBytes: number;
  freshMs: number;
  staleMs: number;
  now?: () => number;
}

/** The products a page's embedded answers show, and whether any of them is a listing (or the categories, counted from products). */
export function productsShown(answers: Record<string, EmbeddedAnswer>): { ids: number[]; listing: boolean } {
  const ids = new Set<number>();
  let listing = false;
  for (const { body } of Object.values(answers)) {
    if (Array.isArray(body)) {
      listing = true;
    } else if (body && typeof body === 'object') {
      const value = body as { id?: unknown; products?: unknown };
      if (Array.isArray(value.products)) {
        listing = true;
        for (const product of value.products as { id?: unknown }[]) if (Number.isInteger(product?.id)) ids.add(product.id as number);
      } else if (Number.isInteger(value.id)) {
        ids.add(value.id as number);
      }
    }
  }
  return { ids: [...ids], listing };
}

export class PageCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Renders under way, by key, with the generation they started in. */
  private readonly rendering = new Map<string, { generation: number; page: Promise<RenderedPage | undefined> }>();
  private readonly now: () => number;
  /** Pages are kept only while the change stream is connected: a change could otherwise go unannounced. */
  private live = false;
  /** Counts changes and connection states: a render that began before one may not show it, so it is served but not kept. */
  private generation = 0;

  private readonly options: PageCacheOptions;

  constructor(options: PageCacheOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => entry.page.html.length + 1024,
    });
  }

  setLive(live: boolean): void {
    this.generation++;
    this.live = live;
    if (!live) this.entries.clear();
  }

  /** Drops the pages a change made wrong: those showing a changed product, and every listing when products' data changed. */
  apply(change: CatalogChange): void {
    this.generation++;
    if (change.ids === null) return void this.entries.clear();
    const changed = new Set(change.ids);
    for (const [key, entry] of this.entries.entries()) {
      if ((change.kind === 'data' && entry.listing) || entry.ids.some((id) => changed.has(id))) this.entries.delete(key);
    }
  }

  /**
   * The page for `key`: kept, or rendered by `render` (once, however many ask at the same time).
   * `render` answers undefined when there is no page to render (no shell build): nothing is kept.
   */
  async page(key: string, render: () => Promise<RenderedPage | undefined>): Promise<{ page: RenderedPage | undefined; source: PageSource }> {
    const entry = this.live ? this.entries.get(key) : undefined;
    const age = entry ? this.now() - entry.renderedAt : Infinity;
    if (entry && age < this.options.freshMs) return { page: entry.page, source: 'hit' };
    if (entry && age < this.options.freshMs + this.options.staleMs) {
      // A failed refresh leaves the stale page in place until it ages out; the next request tries again.
      if (!this.renderingNow(key)) this.renderOnce(key, render).catch(() => undefined);
      return { page: entry.page, source: 'stale' };
    }
    // Only a render that began after the last change can stand for this request.
    const running = this.renderingNow(key);
    if (running) return { page: await running, source: 'coalesced' };
    return { page: await this.renderOnce(key, render), source: 'miss' };
  }

  get size(): number {
    return this.entries.size;
  }

  private renderingNow(key: string): Promise<RenderedPage | undefined> | undefined {
    const running = this.rendering.get(key);
    return running?.generation === this.generation ? running.page : undefined;
  }

  private renderOnce(key: string, render: () => Promise<RenderedPage | undefined>): Promise<RenderedPage | undefined> {
    const generation = this.generation;
    const page = render()
      .then((rendered) => {
        if (rendered && this.live && rendered.complete && rendered.status === 200 && generation === this.generation) {
          this.entries.set(key, { page: rendered, renderedAt: this.now(), ...productsShown(rendered.answers) });
        }
        return rendered;
      })
      .finally(() => {
        if (this.rendering.get(key)?.page === page) this.rendering.delete(key);
      });
    this.rendering.set(key, { generation, page });
    return page;
  }
}
