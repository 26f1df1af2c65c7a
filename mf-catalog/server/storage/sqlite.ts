import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { LruCache } from '../cache.ts';
import { filterKey, pageKey, type ListQuery, type ProductFilter, type ProductRecord, type SortKey } from '../products/model.ts';
import type {
  CatalogStore,
  FacetCounts,
  ProductChangeListener,
  Reservation,
  ReservationLine,
  ReserveOutcome,
  StockLine,
  TransitionOutcome,
} from './repository.ts';
import {
  PRODUCT_COLUMNS,
  ChangeListeners,
  byProduct,
  collectFacetCounts,
  inIdOrder,
  likePattern,
  countSql,
  pageIdsSql,
  recordValues,
  rowToRecord,
  rowToReservation,
  type Dialect,
  type Params,
  type ProductRow,
  type ReservationRow,
  type Statement,
} from './sql.ts';
import { CubeKeeper, cubeSql, type CubeRow } from './facetCube.ts';

const TABLES = `
CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  brand TEXT,
  color TEXT,
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  discount REAL NOT NULL,
  rating REAL NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0),
  sku TEXT NOT NULL,
  tags TEXT NOT NULL,
  thumbnail TEXT NOT NULL,
  images TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS stock_reservations (
  order_id TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('reserved', 'committed', 'released')),
  lines TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE VIRTUAL TABLE IF NOT EXISTS products_fts
  USING fts5(title, content = 'products', content_rowid = 'id', tokenize = 'trigram');
`;

// One index per sort key, and category-led pairs because the shop page mostly lists one category.
// The sort indexes end with (id, price_cents, color): id keeps the tie-break in index order, and
// price and colour let a walk of the sort index (see WhereOptions.walkSortIndex) test those filters
// without reading the wide rows, so a filtered page is found in the index alone.
const INDEXES = [
  'products_category_walk ON products (category, id, price_cents, color)',
  'products_category_price ON products (category, price_cents)',
  'products_category_rating_walk ON products (category, rating, id, price_cents, color)',
  'products_category_created_walk ON products (category, created_at, id, price_cents, color)',
  'products_category_discount_walk ON products (category, discount, id, price_cents, color)',
  // Filter columns together, so counting any filter combination never has to read the wide rows.
  'products_category_color_price ON products (category, color, price_cents)',
  'products_brand_color_price ON products (brand, color, price_cents)',
  'products_color_price ON products (color, price_cents)',
  'products_price ON products (price_cents)',
  'products_rating_walk ON products (rating, id, price_cents, color)',
  'products_created_walk ON products (created_at, id, price_cents, color)',
  'products_discount_walk ON products (discount, id, price_cents, color)',
  'products_title ON products (title COLLATE NOCASE)',
];

/** Indexes of earlier versions that the ones above replace; dropped when a database is opened. */
const REPLACED_INDEXES = [
  'products_category',
  'products_category_rating',
  'products_category_created',
  'products_category_discount',
  'products_rating',
  'products_created',
  'products_discount',
];

// Keep the external-content FTS index in step with the products table.
const TRIGGERS = [
  `products_fts_ai AFTER INSERT ON products BEGIN
     INSERT INTO products_fts (rowid, title) VALUES (new.id, new.title); END`,
  `products_fts_ad AFTER DELETE ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title) VALUES ('delete', old.id, old.title); END`,
  `products_fts_au AFTER UPDATE OF title ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title) VALUES ('delete', old.id, old.title);
     INSERT INTO products_fts (rowid, title) VALUES (new.id, new.title); END`,
];

/** The name an index or trigger definition above starts with. */
const nameOf = (definition: string): string => definition.split(' ')[0]!;

// FTS5's trigram tokenizer cannot match fewer than 3 characters, so short queries scan with LIKE.
const usesTrigrams = (q: string): boolean => [...q].length >= 3;

/** A quoted FTS5 phrase: with trigrams, consecutive trigrams of the text, i.e. a substring match. */
const ftsPhrase = (q: string): string => `"${q.replace(/"/g, '""')}"`;

const dialect: Dialect = {
  style: 'sqlite',
  titleContains(q: string, params: Params, plain: string): string {
    return usesTrigrams(q)
      ? `${plain}id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${params.add(ftsPhrase(q))})`
      : `${plain}title LIKE ${params.add(likePattern(q))} ESCAPE '\\'`;
  },
  titleSortKey: 'title COLLATE NOCASE',
};

const INSERT_SQL = `INSERT INTO products (${PRODUCT_COLUMNS}) VALUES (${Array(16).fill('?').join(', ')})
  ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description,
  category = excluded.category, brand = excluded.brand, color = excluded.color, price_cents = excluded.price_cents,
  discount = excluded.discount, rating = excluded.rating, stock = excluded.stock, sku = excluded.sku,
  tags = excluded.tags, thumbnail = excluded.thumbnail, images = excluded.images,
  created_at = excluded.created_at, updated_at = excluded.updated_at`;

/** Sort keys whose *_walk index also holds price and colour, with or without a category in front. */
const COVERING_WALKS: readonly SortKey[] = ['rating', 'createdAt', 'discountPercentage'];

/** Filters other than category and text, i.e. the ones the sort-index walk stops using indexes for. */
const hasIndexedFilter = (f: ProductFilter): boolean =>
  Boolean(f.brand || f.color || f.minPriceCents !== undefined || f.maxPriceCents !== undefined);

/** The FTS phrase when text search of 3+ characters is the only filter, which the search index answers alone. */
function textOnly(filter: ProductFilter): string | null {
  return filter.q && usesTrigrams(filter.q) && !filter.category && !hasIndexedFilter(filter) ? ftsPhrase(filter.q) : null;
}

type Bind = null | number | bigint | string;

/** Runs the cube query on its own read-only connection and posts the rows back (see buildCube). */
const CUBE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path, { readOnly: true });
try {
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA cache_size = -16384;');
  parentPort.postMessage(db.prepare(workerData.sql).all());
} finally {
  db.close();
}`;

/** Larger pages (limit=0 and the like) are not kept, so they cannot push the common ones out. */
const MAX_CACHED_PAGE = 250;

export class SqliteStore implements CatalogStore {
  readonly description: string;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** Totals per filter: counting a large share of a big catalogue costs more than the page itself. */
  private readonly counts: LruCache<string, number>;
  /**
   * Page ids per listing, kept as long as totals. No listing filters or sorts by stock, so stock
   * changes leave them valid; every write of product data clears them with the totals.
   */
  private readonly pages: LruCache<string, number[]>;
  private readonly changes = new ChangeListeners();
  /** Counts by category, brand, colour and price range, for the shop's totals and facets. */
  private readonly cube: CubeKeeper;
  private readonly path: string;
  private readonly cubeWorkers = new Set<Worker>();

  constructor(path: string, countCacheTtlMs = 0) {
    this.path = path;
    this.cube = new CubeKeeper(() => this.buildCube(), countCacheTtlMs);
    this.counts = new LruCache(2000, countCacheTtlMs);
    this.pages = new LruCache(5000, countCacheTtlMs);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
    this.description = `sqlite ${path}`;
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;
      PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY; PRAGMA mmap_size = 268435456;`);
    this.db.exec(TABLES);
    this.ensureIndexes();
  }

  /** Recreates indexes and triggers; rebuilds the search index if an interrupted bulk load left it stale. */
  private ensureIndexes(): void {
    const triggers = this.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'products_fts_%'").get() as { n: number };
    const existing = new Set(
      (this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]).map((row) => row.name),
    );
    for (const name of REPLACED_INDEXES) if (existing.has(name)) this.db.exec(`DROP INDEX ${name}`);
    const missing = INDEXES.filter((definition) => !existing.has(nameOf(definition)));
    for (const definition of missing) this.db.exec(`CREATE INDEX IF NOT EXISTS ${definition}`);
    // A database from an earlier version gets new indexes: give the planner statistics about them.
    if (missing.length > 0 && existing.has('products_title') && this.db.prepare('SELECT 1 FROM products LIMIT 1').get()) {
      this.db.exec('ANALYZE');
    }
    if (triggers.n < TRIGGERS.length) {
      this.db.exec("INSERT INTO products_fts (products_fts) VALUES ('rebuild')");
      for (const definition of TRIGGERS) this.db.exec(`CREATE TRIGGER IF NOT EXISTS ${definition}`);
    }
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      // Filter combinations are finite, but a bound keeps a long-running process from growing without limit.
      if (this.statements.size > 2000) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private all<T>(sql: string, values: readonly unknown[] = []): T[] {
    return this.statement(sql).all(...(values as Bind[])) as T[];
  }

  private get<T>(sql: string, values: readonly unknown[] = []): T | undefined {
    return this.statement(sql).get(...(values as Bind[])) as T | undefined;
  }

  private run(sql: string, values: readonly unknown[] = []): number {
    return Number(this.statement(sql).run(...(values as Bind[])).changes);
  }

  private transaction<T>(body: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = body();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  async listProducts(query: ListQuery): Promise<{ rows: ProductRecord[]; total: number }> {
    const { ids, total } = await this.listProductIds(query);
    return { rows: inIdOrder(ids, await this.getProducts(ids)), total };
  }

  async listProductIds(query: ListQuery): Promise<{ ids: number[]; total: number }> {
    await this.cube.ready();
    const total = this.count(query);
    const key = pageKey(query);
    let ids = this.pages.get(key);
    if (!ids) {
      const page = this.pageStatement(query, total);
      ids = this.all<{ id: number }>(page.sql, page.values).map((row) => row.id);
      if (ids.length <= MAX_CACHED_PAGE) this.pages.set(key, ids);
    }
    return { ids: [...ids], total };
  }

  private forgetListings(): void {
    this.counts.clear();
    this.pages.clear();
    this.cube.invalidate();
  }

  /**
   * One GROUP BY over the whole table: instant on small catalogues, about two seconds at a million
   * rows, so a file database is read in a worker thread (its own read-only connection, which WAL
   * lets run beside this one) and requests never wait for it.
   */
  private buildCube(): Promise<readonly CubeRow[]> {
    // The largest id bounds the row count and costs one index probe, unlike count(*).
    const small = (this.get<{ n: number | null }>('SELECT max(id) AS n FROM products')?.n ?? 0) < 20_000;
    if (this.path === ':memory:' || small) return Promise.resolve(this.all<CubeRow>(cubeSql()));
    return new Promise((resolve, reject) => {
      const worker = new Worker(CUBE_WORKER, { eval: true, workerData: { path: this.path, sql: cubeSql() } });
      this.cubeWorkers.add(worker);
      worker.once('message', (rows: CubeRow[]) => resolve(rows));
      worker.once('error', reject);
      worker.once('exit', (code) => {
        this.cubeWorkers.delete(worker);
        reject(new Error(`facet cube worker exited with code ${code}`));
      });
    });
  }


  private pageStatement(query: ListQuery, total: number): Statement {
    // The search box's query: the search index yields matches in id order, so it can stop after one page.
    const phrase = textOnly(query);
    if (phrase && query.sortBy === 'id') {
      const dir = query.order === 'desc' ? 'DESC' : 'ASC';
      return {
        sql: `SELECT id FROM products WHERE id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?
          ORDER BY rowid ${dir} LIMIT ? OFFSET ?) ORDER BY id ${dir}`,
        values: [phrase, query.limit, query.skip],
      };
    }
    // Walking the sort index visits about (skip + limit) * walked / total entries, where walked is
    // what the index holds for the category (or the whole catalogue); sorting the matches reads
    // total wide rows. A walk of a covering index (price and colour filters on the *_walk indexes)
    // costs about a tenth of a row read per entry. Walk when that is cheaper.
    if (!(query.q || hasIndexedFilter(query)) || total === 0) return pageIdsSql(query, dialect);
    const walked = query.category ? this.count({ category: query.category }) : this.catalogueSize();
    const covering = !query.q && !query.brand && (COVERING_WALKS.includes(query.sortBy) || (query.category !== undefined && query.sortBy === 'id'));
    const walk = (query.skip + query.limit) * walked < (covering ? 8 : 1) * total * total;
    return pageIdsSql(query, dialect, walk ? { walkSortIndex: query.sortBy } : {});
  }

  private count(filter: ProductFilter): number {
    const cube = this.cube.current();
    if (cube?.answers(filter)) return cube.total(filter);
    const key = filterKey(filter);
    let total = this.counts.get(key);
    if (total === undefined) {
      const phrase = textOnly(filter);
      // The search index counts its own matches without visiting the products table.
      const statement = phrase ? { sql: 'SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH ?', values: [phrase] } : countSql(filter, dialect);
      total = this.get<{ n: number }>(statement.sql, statement.values)?.n ?? 0;
      this.counts.set(key, total);
    }
    return total;
  }

  private catalogueSize(): number {
    return this.count({});
  }

  async getProduct(id: number): Promise<ProductRecord | null> {
    const row = this.get<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ?`, [id]);
    return row ? rowToRecord(row) : null;
  }

  async getProducts(ids: readonly number[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    if (ids.length === 1) return this.getProduct(ids[0]!).then((record) => (record ? [record] : []));
    // One statement for any number of ids: the list travels as a JSON array.
    return this.all<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id IN (SELECT value FROM json_each(?))`, [
      JSON.stringify(ids),
    ]).map(rowToRecord);
  }

  warmUp(): void {
    this.cube.current();
  }

  onProductsChanged(listener: ProductChangeListener): void {
    this.changes.add(listener);
  }

  async facetCounts(filter: ProductFilter): Promise<FacetCounts> {
    const cube = await this.cube.ready();
    if (cube?.answers(filter)) return cube.facetCounts(filter);
    return collectFacetCounts(filter, dialect, (facet) => this.all(facet.sql, facet.values));
  }

  async countProducts(): Promise<number> {
    return this.get<{ n: number }>('SELECT count(*) AS n FROM products')?.n ?? 0;
  }

  async upsertProducts(records: readonly ProductRecord[]): Promise<void> {
    this.forgetListings();
    try {
      this.transaction(() => {
        for (const record of records) this.run(INSERT_SQL, recordValues(record));
      });
    } finally {
      this.changes.notify(records.map((record) => record.id));
    }
  }

  async clearProducts(): Promise<void> {
    this.forgetListings();
    try {
      this.transaction(() => this.deleteAllProducts());
    } finally {
      this.changes.notify(null);
    }
    this.ensureIndexes();
  }

  /** Deletes rows and search entries wholesale instead of firing the delete trigger per row. */
  private deleteAllProducts(): void {
    for (const definition of TRIGGERS) this.db.exec(`DROP TRIGGER IF EXISTS ${nameOf(definition)}`);
    this.db.exec("DELETE FROM products; INSERT INTO products_fts (products_fts) VALUES ('delete-all');");
  }

  async bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number> {
    this.forgetListings();
    try {
      this.transaction(() => {
        this.deleteAllProducts();
        for (const definition of INDEXES) this.db.exec(`DROP INDEX IF EXISTS ${nameOf(definition)}`);
      });
      let loaded = 0;
      for await (const batch of batches) {
        this.transaction(() => {
          for (const record of batch) this.run(INSERT_SQL, recordValues(record));
        });
        loaded += batch.length;
      }
      this.ensureIndexes();
      this.db.exec('ANALYZE');
      return loaded;
    } finally {
      this.forgetListings();
      this.changes.notify(null);
    }
  }

  async reserve(orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome> {
    this.db.exec('BEGIN IMMEDIATE');
    let outcome: ReserveOutcome;
    try {
      outcome = this.reserveInTransaction(orderId, lines);
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    this.db.exec(outcome.kind === 'created' ? 'COMMIT' : 'ROLLBACK');
    if (outcome.kind === 'created') this.changes.notify(outcome.reservation.lines.map((line) => line.productId));
    return outcome;
  }

  private reserveInTransaction(orderId: string, lines: readonly StockLine[]): ReserveOutcome {
    const existing = this.findReservation(orderId);
    if (existing) return { kind: 'existing', reservation: existing };
    const taken: ReservationLine[] = [];
    for (const line of byProduct(lines)) {
      const changed = this.run('UPDATE products SET stock = stock - ? WHERE id = ? AND stock >= ?', [line.quantity, line.productId, line.quantity]);
      const product = this.get<{ title: string; thumbnail: string; price_cents: number; stock: number }>(
        'SELECT title, thumbnail, price_cents, stock FROM products WHERE id = ?',
        [line.productId],
      );
      if (!product) return { kind: 'unknown-product', productId: line.productId };
      if (changed === 0) {
        return { kind: 'short', productId: line.productId, title: product.title, requested: line.quantity, available: product.stock };
      }
      taken.push({ ...line, title: product.title, thumbnail: product.thumbnail, priceCents: product.price_cents });
    }
    const now = new Date().toISOString();
    const reservation: Reservation = { orderId, status: 'reserved', lines: taken };
    this.run('INSERT INTO stock_reservations (order_id, status, lines, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
      orderId,
      'reserved',
      JSON.stringify(taken),
      now,
      now,
    ]);
    return { kind: 'created', reservation };
  }

  private findReservation(orderId: string): Reservation | null {
    const row = this.get<ReservationRow>('SELECT order_id, status, lines FROM stock_reservations WHERE order_id = ?', [orderId]);
    return row ? rowToReservation(row) : null;
  }

  async commit(orderId: string): Promise<TransitionOutcome> {
    return this.transaction(() => {
      const reservation = this.findReservation(orderId);
      if (!reservation) return { kind: 'not-found' };
      if (reservation.status === 'released') return { kind: 'conflict', reservation };
      if (reservation.status === 'reserved') this.setStatus(orderId, 'committed');
      return { kind: 'ok', reservation: { ...reservation, status: 'committed' } };
    });
  }

  async release(orderId: string): Promise<TransitionOutcome> {
    let returned: number[] = [];
    const outcome = this.transaction((): TransitionOutcome => {
      const reservation = this.findReservation(orderId);
      if (!reservation) return { kind: 'not-found' };
      if (reservation.status !== 'reserved') return { kind: 'ok', reservation };
      for (const line of byProduct(reservation.lines)) {
        this.run('UPDATE products SET stock = stock + ? WHERE id = ?', [line.quantity, line.productId]);
      }
      this.setStatus(orderId, 'released');
      returned = reservation.lines.map((line) => line.productId);
      return { kind: 'ok', reservation: { ...reservation, status: 'released' } };
    });
    if (returned.length > 0) this.changes.notify(returned);
    return outcome;
  }

  private setStatus(orderId: string, status: 'committed' | 'released'): void {
    this.run('UPDATE stock_reservations SET status = ?, updated_at = ? WHERE order_id = ?', [status, new Date().toISOString(), orderId]);
  }

  async close(): Promise<void> {
    await Promise.all([...this.cubeWorkers].map((worker) => worker.terminate()));
    if (this.db.isOpen) {
      this.db.exec('PRAGMA optimize');
      this.db.close();
    }
  }
}
