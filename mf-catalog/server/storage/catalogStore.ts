// The catalogue store: product reads (batched) and writes, and the change feed that keeps caches and
// other instances right, with listings (listings.ts), stock reservations (stockLedger.ts) and import
// jobs (importJobs.ts) beside it. Every question and every transaction's steps are written once, on
// Kysely (service-kit/sql, decision 0045); open.ts connects either engine.
import { sql } from 'kysely';
import { preparedQuery, type SlotOf, type SqlDatabase } from 'service-kit/sql';
import type { ListQuery, ProductCard, ProductFilter, ProductRecord } from '../products/model.ts';
import { bulkLoad, type LoadSchema } from './bulkLoad.ts';
import type { ChangeFeed, ProductChange } from './changeFeed.ts';
import { inTransaction, type CatalogSql } from './catalogSql.ts';
import type { CatalogDatabase } from './database.ts';
import { CubeKeeper, type CubeRow } from './facetCube.ts';
import { createImportJob, getImportJob, updateImportJob } from './importJobs.ts';
import { facetCounts } from './listingQueries.ts';
import { SqlListings } from './listings.ts';
import { createStep, deleteIds, deleteStep, importStep, insertProducts, updateStep } from './productWrites.ts';
import type {
  CatalogStore,
  FacetCounts,
  ImportJob,
  ImportProgress,
  ListedIds,
  ProductChangeListener,
  ReserveOutcome,
  ReturnOutcome,
  StockLine,
  TransitionOutcome,
} from './repository.ts';
import { CARD_COLUMNS, PRODUCT_COLUMNS, inIdOrder, iso, rowToCard, rowToRecord, type CardRow, type ProductRow } from './rows.ts';
import { SqlStockLedger } from './stockLedger.ts';

/** A catalogue database opened on one engine (open.ts): what the store asks besides its questions. */
export interface CatalogConnection {
  /** The primary: writes, transactions and what must not lag behind them. */
  store: CatalogSql;
  /** Reads outside transactions: the read replica when one is configured. */
  reads: SqlDatabase<CatalogDatabase>;
  loadSchema: LoadSchema;
  feed: ChangeFeed;
  /** A short human description for the start-up log line, e.g. "sqlite /path/catalog.db". */
  description: string;
  /** The facet cube's rows (listingQueries.ts cubeQuery), computed where they hold up no request. */
  cubeRows(): Promise<readonly CubeRow[]>;
  close(): Promise<void>;
}

/** Bigger reads (limit=0 pages) go to the database on their own rather than through the batch. */
const MAX_BATCHED = 250;

/** Reads of single products asked for in the same turn of the event loop (by concurrent requests), done in one query. */
class ReadBatch<T extends { id: number }> {
  private readonly read: (ids: readonly number[]) => Promise<T[]>;
  private waiting: Map<number, ((found: T | null) => void)[]> | null = null;
  private failures: ((error: unknown) => void)[] = [];

  constructor(read: (ids: readonly number[]) => Promise<T[]>) {
    this.read = read;
  }

  one(id: number): Promise<T | null> {
    return new Promise((resolve, reject) => {
      if (!this.waiting) {
        this.waiting = new Map();
        setImmediate(() => this.flush());
      }
      const waiting = this.waiting.get(id);
      if (waiting) waiting.push(resolve);
      else this.waiting.set(id, [resolve]);
      this.failures.push(reject);
    });
  }

  /** The ones of these ids that exist, in any order. */
  async many(ids: readonly number[]): Promise<T[]> {
    if (ids.length > MAX_BATCHED) return this.read(ids);
    const found: (T | null)[] = await Promise.all(ids.map((id) => this.one(id)));
    return found.filter((item) => item !== null);
  }

  private flush(): void {
    const batch = this.waiting!;
    const failures = this.failures;
    this.waiting = null;
    this.failures = [];
    this.read([...batch.keys()]).then(
      (items) => {
        const byId = new Map(items.map((item) => [item.id, item]));
        for (const [id, waiting] of batch) for (const resolve of waiting) resolve(byId.get(id) ?? null);
      },
      (error: unknown) => {
        for (const reject of failures) reject(error);
      },
    );
  }
}

/** A list of change listeners; a failing listener must not undo or fail the write that told it. */
class ChangeListeners {
  private readonly listeners: ProductChangeListener[] = [];

  add(listener: ProductChangeListener): void {
    this.listeners.push(listener);
  }

  notify({ ids, kind }: ProductChange): void {
    for (const listener of this.listeners) {
      try {
        listener(ids, kind);
      } catch (error) {
        console.error('catalog: product change listener failed:', error);
      }
    }
  }
}

/**
 * The products with these ids, any number of them in one statement, compiled once: every page of
 * cards and every product outside the product cache is read this way.
 */
function readByIds<R>(reads: SqlDatabase<CatalogDatabase>, columns: readonly string[]): (ids: readonly number[]) => Promise<R[]> {
  const read = preparedQuery(
    reads,
    () => 'ids',
    (slot: SlotOf<{ ids: unknown }>) => ({
      compile: () =>
        sql<R>`SELECT ${sql.join(columns.map((column) => sql.ref(column)))} FROM products WHERE ${reads.engine.anyOfParameter('id', slot('ids'))}`.compile(
          reads.db,
        ),
    }),
  );
  return async (ids) => (ids.length === 0 ? [] : read({ ids: reads.engine.listParameter(ids) }));
}

export class SqlCatalogStore implements CatalogStore {
  private readonly connection: CatalogConnection;
  private readonly sql: CatalogSql;
  private readonly changes = new ChangeListeners();
  /** Counts by category, brand, colour and price range, for the shop's totals and facets (see facetCube.ts). */
  private readonly cube: CubeKeeper;
  private readonly products: ReadBatch<ProductRecord>;
  private readonly cards: ReadBatch<ProductCard>;
  /** Reservations, their commits and releases, and returns (stockLedger.ts). */
  private readonly stock: SqlStockLedger;
  /** Totals and pages of ids per listing, counted and cached (listings.ts). */
  private readonly listings: SqlListings;

  private constructor(connection: CatalogConnection, countCacheTtlMs: number) {
    this.connection = connection;
    this.sql = connection.store;
    const { reads } = connection;
    const records = readByIds<ProductRow>(reads, PRODUCT_COLUMNS);
    const cards = readByIds<CardRow>(reads, CARD_COLUMNS);
    this.products = new ReadBatch(async (ids) => (await records(ids)).map(rowToRecord));
    this.cards = new ReadBatch(async (ids) => (await cards(ids)).map(rowToCard));
    this.stock = new SqlStockLedger(this.sql, (ids) => this.stockChanged(ids));
    this.cube = new CubeKeeper(() => connection.cubeRows(), countCacheTtlMs);
    this.listings = new SqlListings({ ...reads, catalog: this.sql.catalog }, this.cube, countCacheTtlMs);
  }

  /** A store over the connection, listening to the changes other processes make; closes the connection if that fails. */
  static async open(connection: CatalogConnection, countCacheTtlMs: number): Promise<SqlCatalogStore> {
    const store = new SqlCatalogStore(connection, countCacheTtlMs);
    try {
      await connection.feed.subscribe((change) => store.changedElsewhere(change));
    } catch (error) {
      await connection.feed.close();
      await connection.close();
      throw error;
    }
    return store;
  }

  get description(): string {
    return this.connection.description;
  }

  warmUp(): void {
    this.cube.current();
  }

  onProductsChanged(listener: ProductChangeListener): void {
    this.changes.add(listener);
  }

  async listProducts(query: ListQuery): Promise<{ rows: ProductRecord[]; total: number }> {
    const { ids, total } = await this.listProductIds(query);
    return { rows: inIdOrder(ids, await this.getProducts(ids)), total };
  }

  listProductIds(query: ListQuery): Promise<ListedIds> {
    return this.listings.ids(query);
  }

  getProduct(id: number): Promise<ProductRecord | null> {
    return this.products.one(id);
  }

  getProducts(ids: readonly number[]): Promise<ProductRecord[]> {
    return this.products.many(ids);
  }

  getProductCards(ids: readonly number[]): Promise<ProductCard[]> {
    return this.cards.many(ids);
  }

  async facetCounts(filter: ProductFilter): Promise<FacetCounts> {
    const cube = await this.cube.ready();
    if (cube?.answers(filter)) return cube.facetCounts(filter);
    return facetCounts(this.connection.reads.db, this.sql.catalog, filter);
  }

  async readiness(): Promise<{ ready: true } | { ready: false; reason: string }> {
    let found: unknown;
    try {
      found = await this.connection.reads.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
    } catch {
      // The driver's message may name hosts and users: the probe's answer is public, so it says no more.
      return { ready: false, reason: 'the catalogue database does not answer' };
    }
    return found ? { ready: true } : { ready: false, reason: 'the catalogue is empty' };
  }

  async countProducts(): Promise<number> {
    const row = await this.connection.reads.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async scanProducts(afterId: number, limit: number): Promise<ProductRecord[]> {
    const rows = await this.connection.reads.db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit).execute();
    return rows.map(rowToRecord);
  }

  async sitemapEntries(offset: number, limit: number): Promise<{ id: number; updatedAt: string }[]> {
    const rows = await this.connection.reads.db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').limit(limit).offset(offset).execute();
    return rows.map((row) => ({ id: Number(row.id), updatedAt: iso(row.updated_at) }));
  }

  private forgetListings(): void {
    this.listings.forget();
    this.cube.invalidate();
  }

  /** A change another process published: drop what it makes stale, as for a change of our own. */
  private changedElsewhere(change: ProductChange): void {
    if (change.kind === 'data') this.forgetListings();
    this.changes.notify(change);
  }

  /**
   * Forgets listings around a write of product data (a listing read meanwhile may have stored what it
   * saw before) and tells listeners which products it changed: `changed` gets the write's result,
   * or undefined when it failed.
   */
  private async writeProducts<T>(changed: (result: T | undefined) => readonly number[] | null, write: () => Promise<T>): Promise<T> {
    this.forgetListings();
    let result: T | undefined;
    try {
      result = await write();
      return result;
    } finally {
      this.forgetListings();
      const ids = changed(result);
      this.changes.notify({ kind: 'data', ids });
      await this.tellOthers({ kind: 'data', ids });
    }
  }

  private async tellOthers(change: ProductChange): Promise<void> {
    try {
      await this.connection.feed.publish(change);
    } catch (error) {
      // The write itself succeeded; other instances catch up within their cache lifetimes.
      console.error(`catalog: could not publish a product change: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async upsertProducts(records: readonly ProductRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.writeProducts(
      () => records.map((record) => record.id),
      () => insertProducts(this.sql, records, true),
    );
  }

  async importProducts(records: readonly ProductRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.writeProducts(
      () => records.map((record) => record.id),
      () => inTransaction(this.sql, (inside) => importStep(inside, records)),
    );
  }

  /** Deletes every product whose id is not in `keep`; answers how many went. */
  async deleteProductsExcept(keep: ReadonlySet<number>): Promise<number> {
    const existing = await this.connection.reads.db.selectFrom('products').select('id').execute();
    const gone = existing.map((row) => Number(row.id)).filter((id) => !keep.has(id));
    for (let i = 0; i < gone.length; i += 1000) {
      const batch = gone.slice(i, i + 1000);
      await this.writeProducts(
        () => batch,
        () => deleteIds(this.sql, batch),
      );
    }
    return gone.length;
  }

  async clearProducts(): Promise<void> {
    await this.bulkLoad((async function* () {})());
  }

  async bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number> {
    return this.writeProducts(
      () => null,
      () => bulkLoad(this.sql, this.connection.loadSchema, batches),
    );
  }

  async createProduct(build: (id: number) => ProductRecord): Promise<ProductRecord> {
    return this.writeProducts(
      (record) => (record ? [record.id] : []),
      async () => {
        // Two instances creating at once may pick the same next id; the loser sees the conflict and takes the one after.
        for (let attempt = 1; attempt <= 5; attempt++) {
          const created = await inTransaction(
            this.sql,
            (inside) => createStep(inside, build),
            (record) => record !== null,
          );
          if (created) return created;
        }
        throw new Error('could not find a free product id in 5 attempts');
      },
    );
  }

  async updateProduct(id: number, change: (current: ProductRecord) => ProductRecord): Promise<ProductRecord | null> {
    return this.writeProducts(
      () => [id],
      () => inTransaction(this.sql, (inside) => updateStep(inside, id, change)),
    );
  }

  async deleteProduct(id: number): Promise<ProductRecord | null> {
    return this.writeProducts(
      () => [id],
      () => deleteStep(this.sql, id),
    );
  }

  reserve(orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome> {
    return this.stock.reserve(orderId, lines);
  }

  commit(orderId: string): Promise<TransitionOutcome> {
    return this.stock.commit(orderId);
  }

  release(orderId: string): Promise<TransitionOutcome> {
    return this.stock.release(orderId);
  }

  returnStock(orderId: string, returnId: string, lines: readonly StockLine[]): Promise<ReturnOutcome> {
    return this.stock.returnStock(orderId, returnId, lines);
  }

  /** Stock changes only touch product JSON: listings neither filter nor sort by stock. */
  private async stockChanged(ids: readonly number[]): Promise<void> {
    this.changes.notify({ kind: 'stock', ids });
    await this.tellOthers({ kind: 'stock', ids });
  }

  createImportJob(job: Pick<ImportJob, 'id' | 'source' | 'createdBy' | 'createdAt'>): Promise<void> {
    return createImportJob(this.sql, job);
  }

  updateImportJob(id: string, progress: ImportProgress, now: string): Promise<boolean> {
    return updateImportJob(this.sql, id, progress, now);
  }

  getImportJob(id: string): Promise<ImportJob | null> {
    return getImportJob(this.sql, id);
  }

  async close(): Promise<void> {
    await this.cube.settled();
    await this.connection.feed.close();
    await this.connection.close();
  }
}
