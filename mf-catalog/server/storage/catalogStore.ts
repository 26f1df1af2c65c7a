// The catalogue store: product reads (batched) and writes, and the change feed that keeps caches and
// other instances right, with listings (listings.ts), stock reservations (stockLedger.ts) and import
// jobs (importJobs.ts) beside it; written once above a thin per-engine driver (driver.ts: sqlite.ts,
// postgres.ts) that only knows how to run SQL and load data in bulk.
import type { ListQuery, ProductCard, ProductFilter, ProductRecord } from '../products/model.ts';
import { CubeKeeper } from './facetCube.ts';
import { createImportJob, getImportJob, updateImportJob } from './importJobs.ts';
import type { ProductChange, SqlDriver, Transaction } from './driver.ts';
import { SqlListings } from './listings.ts';
import { SqlStockLedger } from './stockLedger.ts';
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
import {
  CARD_COLUMNS,
  PRODUCT_COLUMNS,
  Params,
  collectFacetCounts,
  inIdOrder,
  recordValues,
  rowToCard,
  rowToRecord,
  rowToReservation,
  type Dialect,
  type ProductRow,
  type ReservationRow,
} from './sql.ts';

const PLACEHOLDERS = PRODUCT_COLUMNS.split(', ').map((_, i) => `$${i + 1}`);

/** A product with a new id; nothing when the id was taken meanwhile. */
const INSERT_NEW_SQL = `INSERT INTO products (${PRODUCT_COLUMNS}) VALUES (${PLACEHOLDERS.join(', ')}) ON CONFLICT (id) DO NOTHING`;

/** Every column of one product but its id, in recordValues order. */
const UPDATE_SQL = `UPDATE products SET ${PRODUCT_COLUMNS.split(', ')
  .slice(1)
  .map((column, i) => `${column} = ${PLACEHOLDERS[i + 1]}`)
  .join(', ')} WHERE id = $1`;

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

export class SqlCatalogStore implements CatalogStore {
  private readonly driver: SqlDriver;
  private readonly dialect: Dialect;
  private readonly changes = new ChangeListeners();
  /** Counts by category, brand, colour and price range, for the shop's totals and facets (see facetCube.ts). */
  private readonly cube: CubeKeeper;
  private readonly products = new ReadBatch((ids) => this.readProducts(PRODUCT_COLUMNS, rowToRecord, ids));
  private readonly cards = new ReadBatch((ids) => this.readProducts(CARD_COLUMNS, rowToCard, ids));
  /** Reservations, their commits and releases, and returns (stockLedger.ts). */
  private readonly stock: SqlStockLedger;
  /** Totals and pages of ids per listing, counted and cached (listings.ts). */
  private readonly listings: SqlListings;

  private constructor(driver: SqlDriver, countCacheTtlMs: number) {
    this.driver = driver;
    this.dialect = driver.dialect;
    this.stock = new SqlStockLedger(driver, (ids) => this.stockChanged(ids));
    this.cube = new CubeKeeper(() => driver.cubeRows(), countCacheTtlMs);
    this.listings = new SqlListings(driver, this.cube, countCacheTtlMs);
  }

  /** A store over the driver, listening to the changes other processes make; closes the driver if that fails. */
  static async open(driver: SqlDriver, countCacheTtlMs: number): Promise<SqlCatalogStore> {
    const store = new SqlCatalogStore(driver, countCacheTtlMs);
    try {
      await driver.subscribe((change) => store.changedElsewhere(change));
    } catch (error) {
      await driver.close();
      throw error;
    }
    return store;
  }

  get description(): string {
    return this.driver.description;
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

  private async readProducts<Row, T>(columns: string, fromRow: (row: Row) => T, ids: readonly number[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const params = new Params();
    const rows = await this.driver.read<Row>({
      sql: `SELECT ${columns} FROM products WHERE ${this.dialect.idIn(ids, params)}`,
      values: params.values,
    });
    return rows.map(fromRow);
  }

  async facetCounts(filter: ProductFilter): Promise<FacetCounts> {
    const cube = await this.cube.ready();
    if (cube?.answers(filter)) return cube.facetCounts(filter);
    return collectFacetCounts(filter, this.dialect, (statement) => this.driver.read(statement));
  }

  async readiness(): Promise<{ ready: true } | { ready: false; reason: string }> {
    let rows: unknown[];
    try {
      rows = await this.driver.read({ sql: 'SELECT id FROM products LIMIT 1', values: [] });
    } catch {
      // The driver's message may name hosts and users: the probe's answer is public, so it says no more.
      return { ready: false, reason: 'the catalogue database does not answer' };
    }
    return rows.length > 0 ? { ready: true } : { ready: false, reason: 'the catalogue is empty' };
  }

  async countProducts(): Promise<number> {
    const rows = await this.driver.read<{ n: number | string }>({ sql: 'SELECT count(*) AS n FROM products', values: [] });
    return Number(rows[0]?.n ?? 0);
  }

  async scanProducts(afterId: number, limit: number): Promise<ProductRecord[]> {
    const rows = await this.driver.read<ProductRow>({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id > $1 ORDER BY id LIMIT $2`,
      values: [afterId, limit],
    });
    return rows.map(rowToRecord);
  }

  async sitemapEntries(offset: number, limit: number): Promise<{ id: number; updatedAt: string }[]> {
    const rows = await this.driver.read<{ id: number | string; updated_at: string | Date }>({
      sql: 'SELECT id, updated_at FROM products ORDER BY id LIMIT $1 OFFSET $2',
      values: [limit, offset],
    });
    return rows.map((row) => ({ id: Number(row.id), updatedAt: (row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at)).toISOString() }));
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
      await this.driver.publish(change);
    } catch (error) {
      // The write itself succeeded; other instances catch up within their cache lifetimes.
      console.error(`catalog: could not publish a product change: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async upsertProducts(records: readonly ProductRecord[]): Promise<void> {
    if (records.length === 0) return;
    const ids = records.map((record) => record.id);
    await this.writeProducts(
      () => ids,
      () => this.driver.upsert(records),
    );
  }

  /**
   * Inserts or replaces (by id) products from a source that counts stock on hand: what open
   * checkouts hold of a product is taken off its new stock, so a reservation made before the import
   * cannot sell the same units twice, and one made during it waits for it (the rows are locked).
   */
  async importProducts(records: readonly ProductRecord[]): Promise<void> {
    if (records.length === 0) return;
    const ids = records.map((record) => record.id);
    await this.writeProducts(
      () => ids,
      () =>
        this.driver.transaction(
          async (tx) => {
            if (this.dialect.forUpdate) {
              await tx.all({ sql: `SELECT id FROM products WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})${this.dialect.forUpdate}`, values: ids });
            }
            const held = await this.heldStock(tx);
            await tx.upsert(
              held.size === 0 ? records : records.map((record) => ({ ...record, stock: Math.max(0, record.stock - (held.get(record.id) ?? 0)) })),
            );
            return true;
          },
          () => true,
        ),
    );
  }

  /** Units of each product that open checkouts hold (reserved, neither committed nor released). */
  private async heldStock(tx: Transaction): Promise<Map<number, number>> {
    const rows = await tx.all<ReservationRow>({ sql: "SELECT order_id, status, lines FROM stock_reservations WHERE status = 'reserved'", values: [] });
    const held = new Map<number, number>();
    for (const row of rows) for (const line of rowToReservation(row).lines) held.set(line.productId, (held.get(line.productId) ?? 0) + line.quantity);
    return held;
  }

  /** Deletes every product whose id is not in `keep`; answers how many went. */
  async deleteProductsExcept(keep: ReadonlySet<number>): Promise<number> {
    const existing = await this.driver.read<{ id: number | string }>({ sql: 'SELECT id FROM products', values: [] });
    const gone = existing.map((row) => Number(row.id)).filter((id) => !keep.has(id));
    for (let i = 0; i < gone.length; i += 1000) {
      const batch = gone.slice(i, i + 1000);
      await this.writeProducts(
        () => batch,
        () =>
          this.driver.transaction(
            (tx) => tx.run({ sql: `DELETE FROM products WHERE id IN (${batch.map((_, j) => `$${j + 1}`).join(', ')})`, values: batch }),
            () => true,
          ),
      );
    }
    return gone.length;
  }

  async clearProducts(): Promise<void> {
    await this.writeProducts(
      () => null,
      () => this.driver.clear(),
    );
  }

  async bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number> {
    return this.writeProducts(
      () => null,
      () => this.driver.bulkLoad(batches),
    );
  }

  async createProduct(build: (id: number) => ProductRecord): Promise<ProductRecord> {
    return this.writeProducts(
      (record) => (record ? [record.id] : []),
      async () => {
        // Two instances creating at once may pick the same next id; the loser sees the conflict and takes the one after.
        for (let attempt = 1; attempt <= 5; attempt++) {
          const created = await this.driver.transaction(
            async (tx) => {
              const [next] = await tx.all<{ id: number | string }>({ sql: 'SELECT COALESCE(MAX(id), 0) + 1 AS id FROM products', values: [] });
              const record = build(Number(next?.id ?? 1));
              const inserted = await tx.run({ sql: INSERT_NEW_SQL, values: recordValues(record) });
              return inserted === 1 ? record : null;
            },
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
      () =>
        this.driver.transaction(
          async (tx) => {
            // Read under the write lock: the stock a reservation takes meanwhile is not written back over.
            const [row] = await tx.all<ProductRow>({ sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1${this.dialect.forUpdate}`, values: [id] });
            if (!row) return null;
            const next = { ...change(rowToRecord(row)), id };
            await tx.run({ sql: UPDATE_SQL, values: recordValues(next) });
            return next;
          },
          () => true,
        ),
    );
  }

  async deleteProduct(id: number): Promise<ProductRecord | null> {
    return this.writeProducts(
      () => [id],
      () =>
        this.driver.transaction(
          async (tx) => {
            const [row] = await tx.all<ProductRow>({ sql: `DELETE FROM products WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`, values: [id] });
            return row ? rowToRecord(row) : null;
          },
          () => true,
        ),
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
    return createImportJob(this.driver, job);
  }

  updateImportJob(id: string, progress: ImportProgress, now: string): Promise<boolean> {
    return updateImportJob(this.driver, id, progress, now);
  }

  getImportJob(id: string): Promise<ImportJob | null> {
    return getImportJob(this.driver, id);
  }

  async close(): Promise<void> {
    await this.cube.settled();
    await this.driver.close();
  }
}
