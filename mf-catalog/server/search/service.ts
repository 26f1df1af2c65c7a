// The catalogue's word search: the index built from the database at start, kept current by the
// store's change notices, answering the shop's search requests (match=words).
import { LruCache } from '../cache.ts';
import { pageKey, type ListQuery } from '../products/model.ts';
import type { FacetCounts, ProductRepository } from '../storage/repository.ts';
import { facetCounts, filtered, firstInOrder, type SearchOrder } from './listing.ts';
import { matchAll } from './match.ts';
import { readWord, type ReadOptions, type WordReading } from './reading.ts';
import { SearchIndex } from './searchIndex.ts';
import { words } from './text.ts';
import { DEFAULT_TUNING, type MatchKind, type SearchTuning } from './tuning.ts';

/** Products read per query while building. */
const BUILD_PAGE = 5000;
/** Words of a query that count; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 12;

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

async function* catalogue(repository: ProductRepository): AsyncGenerator<Awaited<ReturnType<ProductRepository['scanProducts']>>> {
  for (let after = 0; ; ) {
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
  private readonly answers = new LruCache<string, WordSearchAnswer>(5000);

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
    const built = new SearchService(repository, await SearchIndex.build(catalogue(repository)), tuning);
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
    const readings = typed.map((word, i) => readWord(word, i === typed.length - 1, index.vocabulary, tuning, request));
    const matches = matchAll(index, readings, tuning);
    const kept = filtered(index.documents, matches, request.query);
    const order: SearchOrder = request.relevance ? { sortBy: null, order: 'asc' } : { sortBy: request.query.sortBy, order: request.query.order };
    const { skip, limit } = request.query;
    const page = skip >= kept.length ? [] : firstInOrder(index.documents, matches, kept, order, skip + limit).slice(skip);
    return {
      ids: page.map((doc) => index.documents.ids[doc]!),
      total: kept.length,
      facets: request.facets ? facetCounts(index.documents, matches, request.query) : null,
      search: describe(text, readings),
    };
  }

  private changed(ids: readonly number[] | null): void {
    this.answers.clear();
    if (ids === null) {
      this.rebuild();
      return;
    }
    if (this.rebuilding) for (const id of ids) this.changedDuringRebuild.add(id);
    this.updates = this.updates.then(() => this.refresh(ids)).catch((error: unknown) => {
      console.error(`catalog: search index update failed, rebuilding: ${error instanceof Error ? error.message : String(error)}`);
      this.rebuild();
    });
  }

  /** Reads the changed products again and indexes them as they are now (gone ones leave the index). */
  private async refresh(ids: readonly number[]): Promise<void> {
    const records = await this.repository.getProducts(ids);
    const index = this.index;
    const found = new Set(records.map((record) => record.id));
    for (const record of records) index.put(record);
    for (const id of ids) if (!found.has(id)) index.delete(id);
    this.answers.clear();
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
        const index = await SearchIndex.build(catalogue(this.repository));
        await this.updates;
        this.index = index;
        this.documentsAtBuild = index.documents.count;
        this.answers.clear();
        const again = [...this.changedDuringRebuild];
        if (again.length > 0) this.updates = this.updates.then(() => this.refresh(again));
        await this.updates;
      } catch (error) {
        console.error(`catalog: search index rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.rebuilding = null;
        if (this.rebuildAgain) {
          this.rebuildAgain = false;
          this.rebuild();
        }
      }
    })();
  }
}
