// The catalogue's word search: the index built from the database at start, kept current by the
// store's change notices, answering the shop's search requests (match=words).
import { LRUCache } from 'lru-cache';
import { filterKey, pageKey, type ListQuery } from '../products/model.ts';
import type { FacetCounts, ProductRepository } from '../storage/repository.ts';
import { ByteCache } from './byteCache.ts';
import { facetCounts, filtered, firstInOrder, relevanceOrder } from './listing.ts';
import { intersect, NOTHING, readingKey, wordMatches, type Scored } from './match.ts';
import { readWord, type ReadOptions, type WordReading } from './reading.ts';
import { SearchIndex } from './searchIndex.ts';
import { words } from './text.ts';
import { DEFAULT_TUNING, type MatchKind, type SearchTuning } from './tuning.ts';

/** Products read per query while building. */
const BUILD_PAGE = 5000;
/** Words of a query that count; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 12;
/**
 * Bytes kept of each kind of intermediate result. Shoppers repeat words far more than whole queries,
 * so the documents of words' readings get the most room: at 1,000,000 products a common word's are
 * about 0.5 MiB, and the few hundred words of the bench's multi-word row did not fit in 64 MiB (each
 * was computed again and again). A query's words together and its relevance order under a filter
 * get less.
 */
const WORD_CACHE_BYTES = 256 * 2 ** 20;
const QUERY_CACHE_BYTES = 64 * 2 ** 20;

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

/** The whole catalogue in pages, in id order; stops early once `stopped()` (the service is closing). */
async function* catalogue(repository: ProductRepository, stopped: () => boolean): AsyncGenerator<Awaited<ReturnType<ProductRepository['scanProducts']>>> {
  for (let after = 0; !stopped();) {
    const page = await repository.scanProducts(after, BUILD_PAGE);
    if (page.length === 0) return;
    yield page;
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
  private index: SearchIndex;
  private readonly repository: ProductRepository;
  private readonly tuning: SearchTuning;
  /** Changes of known products being applied, one after another; a search waits for them. */
  private updates: Promise<void> = Promise.resolve();
  private rebuilding: Promise<void> | null = null;
  private rebuildAgain = false;
  /** Products changed while a rebuild read the catalogue: applied again to the rebuilt index. */
  private changedDuringRebuild = new Set<number>();
  private documentsAtBuild: number;
  private readonly answers = new LRUCache<string, WordSearchAnswer>({ max: 5000 });
  private readonly wordCache = new ByteCache<Scored>(WORD_CACHE_BYTES);
  private readonly matchCache = new ByteCache<Scored>(QUERY_CACHE_BYTES);
  private readonly orderCache = new ByteCache<Int32Array>(QUERY_CACHE_BYTES);
  private closed = false;

  private constructor(repository: ProductRepository, index: SearchIndex, tuning: SearchTuning) {
    this.repository = repository;
    this.index = index;
    this.tuning = tuning;
    this.documentsAtBuild = index.documents.count;
  }

  /** Builds the index from the catalogue and follows its changes from then on. */
  static async open(repository: ProductRepository, tuning: SearchTuning = DEFAULT_TUNING): Promise<SearchService> {
    let changedMeanwhile: (readonly number[] | null)[] = [];
    // Listening before reading: a change during the build is applied after it.
    let service: SearchService | null = null;
    repository.onProductsChanged((ids, kind) => {
      if (kind === 'stock') return;
      if (service) service.changed(ids);
      else changedMeanwhile.push(ids);
    });
    const started = performance.now();
    const built = new SearchService(repository, await SearchIndex.build(catalogue(repository, () => false)), tuning);
    built.buildSeconds = (performance.now() - started) / 1000;
    service = built;
    for (const ids of changedMeanwhile) built.changed(ids);
    changedMeanwhile = [];
    return built;
  }

  /** How long the index took to build at start. */
  buildSeconds = 0;

  /** What the start-up log says of the index: products, words, bytes of the build's postings, build time. */
  describe(): string {
    const { documents, vocabulary, postingBytes } = this.index;
    return `search index of ${documents.count} products, ${vocabulary.size} words, ${(postingBytes / 2 ** 20).toFixed(1)} MiB of postings, built in ${this.buildSeconds.toFixed(1)} s`;
  }

  /** Resolves once every change told so far is searchable (rebuilds included). */
  async settled(): Promise<void> {
    await this.updates;
    while (this.rebuilding) await this.rebuilding;
    await this.updates;
  }

  /** Stops following changes and waits for a rebuild in progress to give up; call before closing the store. */
  async close(): Promise<void> {
    this.closed = true;
    await this.updates;
    await this.rebuilding;
  }

  async search(request: WordSearchRequest): Promise<WordSearchAnswer> {
    await this.updates;
    const text = request.text.trim();
    const typed = words(text).slice(0, MAX_WORDS);
    const key = `${typed.join(' ')}|${request.typos}|${request.prefix}|${request.relevance}|${request.facets}|${pageKey(request.query)}`;
    const cached = this.answers.get(key);
    if (cached) return { ...cached, search: { ...cached.search, query: text } };
    const answer = this.compute(text, typed, request);
    this.answers.set(key, answer);
    return answer;
  }

  private compute(text: string, typed: readonly string[], request: WordSearchRequest): WordSearchAnswer {
    const { index, tuning } = this;
    const { documents } = index;
    const { query } = request;
    const readings = typed.map((word, i) => readWord(word, i === typed.length - 1, index.vocabulary, tuning, request));
    const keys = readings.map(readingKey);
    const matchKey = keys.join('|');
    let matches = readings.length === 0 || readings.some((reading) => reading.candidates.length === 0) ? NOTHING : this.matchCache.get(matchKey);
    if (!matches) {
      const words = readings.map((reading, i) => {
        let found = this.wordCache.get(keys[i]!);
        if (!found) {
          found = wordMatches(index, reading, tuning);
          this.wordCache.set(keys[i]!, found);
        }
        return found;
      });
      matches = words.length === 1 ? words[0]! : intersect(words);
      this.matchCache.set(matchKey, matches);
    }
    const { skip, limit } = query;
    let positions: ArrayLike<number>;
    let total: number;
    if (request.relevance) {
      const orderKey = `${matchKey}|${filterKey({ ...query, q: undefined })}`;
      let ordered = this.orderCache.get(orderKey);
      if (!ordered) {
        ordered = relevanceOrder(documents, matches, filtered(documents, matches, query));
        this.orderCache.set(orderKey, ordered);
      }
      positions = ordered.subarray(skip, skip + limit);
      total = ordered.length;
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

  /** Forgets every answer and intermediate result: the catalogue changed. */
  private forget(): void {
    this.answers.clear();
    this.wordCache.clear();
    this.matchCache.clear();
    this.orderCache.clear();
  }

  private changed(ids: readonly number[] | null): void {
    if (this.closed) return;
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
    const index = this.index;
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
