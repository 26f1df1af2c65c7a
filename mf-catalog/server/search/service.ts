// The catalogue's word search: the index built from the database at start (in the background, so the
// service listens meanwhile), kept current by the store's change notices, answering the shop's search
// requests (match=words).
import { setImmediate as nextTurn, setTimeout as wait } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { filterKey, pageKey, type ListQuery } from '../products/model.ts';
import type { FacetCounts, ProductRepository } from '../storage/repository.ts';
import { ByteCache } from './byteCache.ts';
import { facetCounts, filtered, firstByRelevance, firstInOrder } from './listing.ts';
import { intersect, NOTHING, readingKey, wordMatches, type Scored } from './match.ts';
import { readWord, type ReadOptions, type WordReading } from './reading.ts';
import { SearchIndex } from './searchIndex.ts';
import { fold, words } from './text.ts';
import { titleText, withTitleText } from './titleText.ts';
import { DEFAULT_TUNING, type MatchKind, type SearchTuning } from './tuning.ts';

/** Products read per query while building. */
const BUILD_PAGE = 5000;
/** Words of a query that count; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 12;
/**
 * Bytes kept of each kind of intermediate result. Shoppers repeat words far more than whole queries,
 * so the documents of words' readings get the most room: at 1,000,000 products a common word's are
 * about 0.5 MiB, and the few hundred words of the bench's multi-word row did not fit in 64 MiB (each
 * was computed again and again). A query's words together get less.
 */
const WORD_CACHE_BYTES = 256 * 2 ** 20;
const QUERY_CACHE_BYTES = 64 * 2 ** 20;
/**
 * Relevance orders keep only the positions pages asked for (a few hundred bytes each), so they get
 * less room: about 10,000 queries' orders, each counted with what its key and entry cost besides the
 * positions, rather than hundreds of thousands of small objects for every full collection to visit.
 */
const ORDER_CACHE_BYTES = 8 * 2 ** 20;
const ORDER_ENTRY_BYTES = 256;
/** Waits before building again after a failed build: the first, doubled after each failure up to the last. */
const RETRY_MS = { first: 1000, max: 60_000 };

/** The first positions of a relevance order (as many as pages asked for so far) and how many there are in all. */
interface RelevanceOrder {
  first: Int32Array;
  total: number;
  byteLength: number;
}

/** Whether the index answers searches, and if not, why (the service's readiness probe). */
export type SearchReadiness = { ready: true } | { ready: false; reason: string };

export interface SearchStartOptions {
  tuning?: SearchTuning;
  retryMs?: { first: number; max: number };
}

export interface WordSearchRequest extends ReadOptions {
  /** The query as typed. */
  text: string;
  /** Filters, page and (unless `relevance`) the sort order, as for a listing. */
  query: ListQuery;
  /** Order by relevance rather than by query.sortBy (no sortBy was asked for). */
  relevance: boolean;
  facets: boolean;
}

/** How the query was read, for the page's "Showing results for …". */
export interface SearchReading {
  query: string;
  corrected: string | null;
  words: { typed: string; matched: string | null; kind: MatchKind | null }[];
}

export interface WordSearchAnswer {
  ids: number[];
  total: number;
  facets: FacetCounts | null;
  search: SearchReading;
}

/**
 * The whole catalogue in pages, in id order; stops early once `stopped()` (the service is closing).
 * `read` is told each page's size (the build's progress).
 */
async function* catalogue(
  repository: ProductRepository,
  stopped: () => boolean,
  read?: (products: number) => void,
): AsyncGenerator<Awaited<ReturnType<ProductRepository['scanProducts']>>> {
  for (let after = 0; !stopped();) {
    const page = await repository.scanProducts(after, BUILD_PAGE);
    if (page.length === 0) return;
    read?.(page.length);
    yield page;
    // SQLite reads without waiting on I/O, so the build would otherwise be one chain of promise
    // callbacks holding the event loop for its whole minute at a million products: probes and
    // requests get their turn between pages.
    await nextTurn();
    after = page[page.length - 1]!.id;
  }
}

function describe(text: string, readings: readonly WordReading[]): SearchReading {
  const corrected = readings.some((reading) => reading.kind === 'typo')
    ? readings.map((reading) => (reading.kind === 'typo' ? reading.matched! : reading.typed)).join(' ')
    : null;
  return { query: text, corrected, words: readings.map(({ typed, matched, kind }) => ({ typed, matched, kind })) };
}

export class SearchService {
  /** Null until the first build is done; readiness() says how far it is meanwhile. */
  private index: SearchIndex | null = null;
  private readonly repository: ProductRepository;
  private readonly tuning: SearchTuning;
  /** Changes of known products being applied, one after another; a search waits for them. */
  private updates: Promise<void> = Promise.resolve();
  private rebuilding: Promise<void> | null = null;
  private rebuildAgain = false;
  /** Products changed while a rebuild read the catalogue: applied again to the rebuilt index. */
  private changedDuringRebuild = new Set<number>();
  /** Changes told before the first build was done: applied to it once it is in place. */
  private changedBeforeBuild: (readonly number[] | null)[] = [];
  private documentsAtBuild = 0;
  /** Products the first build has read, of how many the catalogue held when it started (null until counted). */
  private progress: { read: number; total: number | null } = { read: 0, total: null };
  /** The first build's last failure, and when it is tried again (null while that attempt runs). */
  private failure: { message: string; attempts: number; retryAt: number | null } | null = null;
  /** The first build with its retries (start()): close() waits for it. */
  private starting: Promise<void> = Promise.resolve();
  private readonly built: Promise<void>;
  private markBuilt!: () => void;
  private readonly answers = new LRUCache<string, WordSearchAnswer>({ max: 5000 });
  private readonly wordCache = new ByteCache<Scored>(WORD_CACHE_BYTES);
  private readonly matchCache = new ByteCache<Scored>(QUERY_CACHE_BYTES);
  /** The first positions of a query's matches in relevance order under a filter, as far as pages have needed them. */
  private readonly orderCache = new ByteCache<RelevanceOrder>(ORDER_CACHE_BYTES);
  private closed = false;
  /** Cuts short the wait before a retry when the service closes. */
  private readonly stop = new AbortController();

  private constructor(repository: ProductRepository, tuning: SearchTuning) {
    this.repository = repository;
    this.tuning = tuning;
    this.built = new Promise((resolve) => (this.markBuilt = resolve));
    // Listening before reading: a change during the build is applied after it.
    repository.onProductsChanged((ids, kind) => {
      if (kind !== 'stock') this.changed(ids);
    });
  }

  /** Builds the index from the catalogue and follows its changes from then on; rejects when the build fails. */
  static async open(repository: ProductRepository, tuning: SearchTuning = DEFAULT_TUNING): Promise<SearchService> {
    const service = new SearchService(repository, tuning);
    await service.build();
    return service;
  }

  /**
   * Answers at once and builds the index in the background: readiness() says how far the build is,
   * whenBuilt() resolves once searches can be answered. A failed build is logged and tried again
   * (see buildUntilDone).
   */
  static start(repository: ProductRepository, options: SearchStartOptions = {}): SearchService {
    const service = new SearchService(repository, options.tuning ?? DEFAULT_TUNING);
    service.starting = service.buildUntilDone(options.retryMs ?? RETRY_MS);
    return service;
  }

  /** How long the index took to build at start. */
  buildSeconds = 0;

  /** Resolves once the first build is done (never, if the service closes before). */
  whenBuilt(): Promise<void> {
    return this.built;
  }

  readiness(): SearchReadiness {
    if (this.index) return { ready: true };
    const { failure } = this;
    if (failure?.retryAt)
      return {
        ready: false,
        reason: `search index build failed (${failure.message}); trying again in ${Math.ceil(Math.max(0, failure.retryAt - Date.now()) / 1000)} s`,
      };
    const { read, total } = this.progress;
    const attempt = failure ? ` (attempt ${failure.attempts + 1}, the last failed: ${failure.message})` : '';
    return { ready: false, reason: `search index building${attempt}: ${read}${total === null ? '' : ` of ${total}`} products read` };
  }

  /** What the start-up log says of the index: products, words, bytes of the build's postings, build time. */
  describe(): string {
    const { index } = this;
    if (!index) return 'search index not built yet';
    const { documents, vocabulary, postingBytes } = index;
    return `search index of ${documents.count} products, ${vocabulary.size} words, ${(postingBytes / 2 ** 20).toFixed(1)} MiB of postings, built in ${this.buildSeconds.toFixed(1)} s`;
  }

  /**
   * Builds until a build succeeds or the service closes, waiting longer after each failure. Retried
   * here rather than exiting for the supervisor to restart the process: a build fails when the
   * database does (a failover, a dropped connection, a statement timeout), and a restart would only
   * open the same database again, after the migrations check and the seed check, while taking down
   * what works without the index (product pages, listings, the stock API the checkout needs, word
   * searches answered by the substring search). Readiness keeps the balancer away meanwhile and names
   * the failure; one that never heals shows as InstanceNotReady (docs/operations.md).
   */
  private async buildUntilDone(retryMs: { first: number; max: number }): Promise<void> {
    for (let delay = retryMs.first; !this.closed; delay = Math.min(delay * 2, retryMs.max)) {
      try {
        await this.build();
        return;
      } catch (error) {
        if (this.closed) return;
        const message = error instanceof Error ? error.message : String(error);
        const attempts = (this.failure?.attempts ?? 0) + 1;
        this.failure = { message, attempts, retryAt: Date.now() + delay };
        console.error(`catalog: search index build failed (attempt ${attempts}), trying again in ${Math.ceil(delay / 1000)} s: ${message}`);
        await wait(delay, undefined, { signal: this.stop.signal }).catch(() => {});
        this.failure.retryAt = null;
      }
    }
  }

  /** Reads the whole catalogue into a new index and searches it from then on, with the changes told meanwhile. */
  private async build(): Promise<void> {
    const started = performance.now();
    this.progress = { read: 0, total: null };
    this.progress.total = await this.repository.countProducts();
    const index = await SearchIndex.build(
      catalogue(
        this.repository,
        () => this.closed,
        (read) => (this.progress.read += read),
      ),
    );
    if (this.closed) return;
    this.buildSeconds = (performance.now() - started) / 1000;
    this.index = index;
    this.documentsAtBuild = index.documents.count;
    this.failure = null;
    const changed = this.changedBeforeBuild;
    this.changedBeforeBuild = [];
    for (const ids of changed) this.changed(ids);
    this.markBuilt();
  }

  /** Resolves once every change told so far is searchable (rebuilds included). */
  async settled(): Promise<void> {
    await this.built;
    await this.updates;
    while (this.rebuilding) await this.rebuilding;
    await this.updates;
  }

  /** Stops following changes and waits for a rebuild in progress to give up; call before closing the store. */
  async close(): Promise<void> {
    this.closed = true;
    this.stop.abort();
    await this.starting;
    await this.updates;
    await this.rebuilding;
  }

  /** Refused until the index is built (readiness()): the caller answers some other way meanwhile. */
  async search(request: WordSearchRequest): Promise<WordSearchAnswer> {
    await this.updates;
    const { index } = this;
    if (!index) throw new Error('the search index is not built yet');
    const text = request.text.trim();
    // Its words and what titles are searched for both follow from the folded text.
    const key = `${fold(text).replace(/\s+/g, ' ')}|${request.typos}|${request.prefix}|${request.relevance}|${request.facets}|${pageKey(request.query)}`;
    const cached = this.answers.get(key);
    if (cached) return { ...cached, search: { ...cached.search, query: text } };
    const answer = this.compute(index, text, request);
    this.answers.set(key, answer);
    return answer;
  }

  private compute(index: SearchIndex, text: string, request: WordSearchRequest): WordSearchAnswer {
    const { tuning } = this;
    const { documents } = index;
    const { query } = request;
    const typed = words(text).slice(0, MAX_WORDS);
    const title = titleText(text, tuning);
    const readings = typed.map((word, i) => readWord(word, i === typed.length - 1, index.vocabulary, tuning, request));
    const keys = readings.map(readingKey);
    const matchKey = `${keys.join('|')}|${title?.text ?? ''}`;
    let matches = this.matchCache.get(matchKey);
    if (!matches) {
      matches = this.wordSearchMatches(index, readings, keys);
      if (title) matches = withTitleText(index, matches, title, readings, tuning, (key, compute) => this.cachedWord(key, compute));
      if (matches !== NOTHING) this.matchCache.set(matchKey, matches);
    }
    const { skip, limit } = query;
    let positions: ArrayLike<number>;
    let total: number;
    if (request.relevance) {
      const orderKey = `${matchKey}|${filterKey({ ...query, q: undefined })}`;
      let ordered = this.orderCache.get(orderKey);
      if (!ordered || (ordered.first.length < skip + limit && ordered.first.length < ordered.total)) {
        const kept = filtered(documents, matches, query);
        // Twice as many as before when a later page needs more, so paging on costs a few passes, not one per page.
        const first = firstByRelevance(documents, matches, kept, Math.max(skip + limit, 2 * (ordered?.first.length ?? 0)));
        ordered = { first, total: kept?.length ?? matches.docs.length, byteLength: first.byteLength + ORDER_ENTRY_BYTES };
        this.orderCache.set(orderKey, ordered);
      }
      positions = ordered.first.subarray(skip, skip + limit);
      total = ordered.total;
    } else {
      const kept = filtered(documents, matches, query);
      total = kept?.length ?? matches.docs.length;
      positions = skip >= total ? [] : firstInOrder(documents, matches, kept, { sortBy: query.sortBy, order: query.order }, skip + limit).slice(skip);
    }
    return {
      ids: Array.from(positions, (position) => documents.ids[matches.docs[position]!]!),
      total,
      facets: request.facets ? facetCounts(documents, matches, query) : null,
      search: describe(text, readings),
    };
  }

  /** The products matching every word's reading (none when a word has none). */
  private wordSearchMatches(index: SearchIndex, readings: readonly WordReading[], keys: readonly string[]): Scored {
    if (readings.length === 0 || readings.some((reading) => reading.candidates.length === 0)) return NOTHING;
    const words = readings.map((reading, i) => this.cachedWord(keys[i]!, () => wordMatches(index, reading, this.tuning)));
    return words.length === 1 ? words[0]! : intersect(words);
  }

  private cachedWord(key: string, compute: () => Scored): Scored {
    let found = this.wordCache.get(key);
    if (!found) {
      found = compute();
      this.wordCache.set(key, found);
    }
    return found;
  }

  /** Forgets every answer and intermediate result: the catalogue changed. */
  private forget(): void {
    this.answers.clear();
    this.wordCache.clear();
    this.matchCache.clear();
    this.orderCache.clear();
  }

  private changed(ids: readonly number[] | null): void {
    if (this.closed) return;
    if (!this.index) {
      this.changedBeforeBuild.push(ids);
      return;
    }
    this.forget();
    if (ids === null) {
      this.rebuild();
      return;
    }
    if (this.rebuilding) for (const id of ids) this.changedDuringRebuild.add(id);
    this.enqueue(ids);
  }

  /** Applies the changes of these products after those already queued; a failure rebuilds the whole index instead. */
  private enqueue(ids: readonly number[]): void {
    this.updates = this.updates
      .then(() => this.refresh(ids))
      .catch((error: unknown) => {
        if (this.closed) return;
        console.error(`catalog: search index update failed, rebuilding: ${error instanceof Error ? error.message : String(error)}`);
        this.rebuild();
      });
  }

  /** Reads the changed products again and indexes them as they are now (gone ones leave the index). */
  private async refresh(ids: readonly number[]): Promise<void> {
    if (this.closed) return;
    const records = await this.repository.getProducts(ids);
    // Changes are queued only once the first build is in place (changed()).
    const index = this.index!;
    const found = new Set(records.map((record) => record.id));
    for (const record of records) index.put(record);
    for (const id of ids) if (!found.has(id)) index.delete(id);
    this.forget();
    const grown = index.documents.count - this.documentsAtBuild;
    if (index.documents.deadShare > 0.25 || grown > Math.max(10_000, this.documentsAtBuild / 4)) this.rebuild();
  }

  /**
   * Builds a new index from the whole catalogue and swaps it in; searches use the current one
   * meanwhile. Asked again while running, it runs once more after.
   */
  private rebuild(): void {
    if (this.rebuilding) {
      this.rebuildAgain = true;
      return;
    }
    this.changedDuringRebuild = new Set();
    this.rebuilding = (async () => {
      try {
        const index = await SearchIndex.build(catalogue(this.repository, () => this.closed));
        await this.updates;
        if (this.closed) return;
        this.index = index;
        this.documentsAtBuild = index.documents.count;
        this.forget();
        const again = [...this.changedDuringRebuild];
        if (again.length > 0) this.enqueue(again);
        await this.updates;
      } catch (error) {
        if (!this.closed) console.error(`catalog: search index rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.rebuilding = null;
        if (this.rebuildAgain && !this.closed) {
          this.rebuildAgain = false;
          this.rebuild();
        }
      }
    })();
  }
}
