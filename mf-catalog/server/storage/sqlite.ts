// The SQLite driver (node:sqlite): opening and migrating one file, search, statements and bulk loading.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { ProductRecord } from '../products/model.ts';
import type { ProductChange, SqlDriver, Transaction } from './driver.ts';
import { cubeSql, type CubeRow } from './facetCube.ts';
import { migrateCatalogSqlite } from './migrations/index.ts';
import { PRODUCT_COLUMNS, likePattern, recordValues, type Dialect, type Params, type Statement } from './sql.ts';

// The current indexes and search triggers: what the migrations have made of the schema, which a bulk
// load drops while it loads and then puts back from here. Migrations keep frozen copies of their own
// (one that read these lists would change after it ran, and a fresh database would differ from an
// upgraded one); a migration that changes an index changes it here too, and the schema test that
// bulk-loads and compares with the migrations' snapshot (migrations/upgrade.test.ts) fails until it does.
// One index per sort key, and category-led pairs because the shop page mostly lists one category.
// The sort indexes end with (id, price_cents, color): id keeps the tie-break in index order, and
// price and colour let a walk of the sort index (PagePlan 'walk') test those filters without
// reading the wide rows, so a filtered page is found in the index alone.
const INDEXES = [
  'products_category_walk ON products (category, id, price_cents, color)',
  'products_category_rating_walk ON products (category, rating, id, price_cents, color)',
  'products_category_created_walk ON products (category, created_at, id, price_cents, color)',
  'products_category_discount_walk ON products (category, discount, id, price_cents, color)',
  // Filter columns together, so counting any filter combination never has to read the wide rows, and
  // every sort key after them: a filter that matches few products (PagePlan 'sort') finds them all
  // in one index range and sorts them there, without a visit to the table.
  'products_category_price_sort ON products (category, price_cents, rating, created_at, discount)',
  'products_category_color_price_sort ON products (category, color, price_cents, rating, created_at, discount)',
  'products_brand_color_price_sort ON products (brand, color, price_cents, rating, created_at, discount)',
  // Brand-led walks (a brand is a small share of its category), with the other filters' columns.
  'products_brand_walk ON products (brand, id, category, price_cents, color)',
  'products_brand_rating_walk ON products (brand, rating, id, category, price_cents, color)',
  'products_brand_created_walk ON products (brand, created_at, id, category, price_cents, color)',
  'products_brand_discount_walk ON products (brand, discount, id, category, price_cents, color)',
  'products_color_price_sort ON products (color, price_cents, rating, created_at, discount)',
  'products_price ON products (price_cents)',
  'products_rating_walk ON products (rating, id, price_cents, color)',
  'products_created_walk ON products (created_at, id, price_cents, color)',
  'products_discount_walk ON products (discount, id, price_cents, color)',
  'products_title ON products (title COLLATE NOCASE)',
];

// Keep the external-content search index in step with the products table.
const TRIGGERS = [
  `products_fts_ai AFTER INSERT ON products BEGIN
     INSERT INTO products_fts (rowid, title, description) VALUES (new.id, new.title, new.description); END`,
  `products_fts_ad AFTER DELETE ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description); END`,
  `products_fts_au AFTER UPDATE OF title, description ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
     INSERT INTO products_fts (rowid, title, description) VALUES (new.id, new.title, new.description); END`,
];

/** The name an index or trigger definition above starts with. */
const nameOf = (definition: string): string => definition.split(' ')[0]!;

// FTS5's trigram tokenizer cannot match fewer than 3 characters, so short queries scan with LIKE.
const usesTrigrams = (q: string): boolean => [...q].length >= 3;

/** A quoted FTS5 phrase: with trigrams, consecutive trigrams of the text, i.e. a substring match. */
const ftsPhrase = (q: string): string => `"${q.replace(/"/g, '""')}"`;

const dialect: Dialect = {
  textContains(q: string, params: Params): string {
    if (usesTrigrams(q)) return `id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${params.add(ftsPhrase(q))})`;
    const pattern = params.add(likePattern(q));
    return `(title LIKE ${pattern} ESCAPE '\\' OR description LIKE ${pattern} ESCAPE '\\')`;
  },
  titleSortKey: 'title COLLATE NOCASE',
  unindexed: (column: string) => `+${column}`,
  guidedPlans: true,
  // The search index yields its matches in id order, so a page of them stops after the page.
  textPage: (q, order, limit, offset) =>
    usesTrigrams(q)
      ? {
          sql: `SELECT rowid AS id FROM products_fts WHERE products_fts MATCH $1 ORDER BY rowid ${order === 'desc' ? 'DESC' : 'ASC'} LIMIT $2 OFFSET $3`,
          values: [ftsPhrase(q), limit, offset],
        }
      : null,
  textCount: (q, bound) =>
    usesTrigrams(q)
      ? { sql: 'SELECT count(*) AS n FROM (SELECT rowid FROM products_fts WHERE products_fts MATCH $1 LIMIT $2)', values: [ftsPhrase(q), bound + 1] }
      : null,
  // One statement for any number of ids: the list travels as a JSON array.
  idIn: (ids, params) => `id IN (SELECT value FROM json_each(${params.add(JSON.stringify(ids))}))`,
  forUpdate: '',
};

const INSERT_SQL = `INSERT INTO products (${PRODUCT_COLUMNS}) VALUES (${Array.from({ length: 16 }, (_, i) => `?${i + 1}`).join(', ')})
  ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description,
  category = excluded.category, brand = excluded.brand, color = excluded.color, price_cents = excluded.price_cents,
  discount = excluded.discount, rating = excluded.rating, stock = excluded.stock, sku = excluded.sku,
  tags = excluded.tags, thumbnail = excluded.thumbnail, images = excluded.images,
  created_at = excluded.created_at, updated_at = excluded.updated_at`;

type Bind = null | number | bigint | string;

/** Runs the cube query on its own read-only connection and posts the rows back (see cubeRows). */
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

/** How often the service looks for commits by another process (an import into the running shop). */
const OTHER_WRITERS_POLL_MS = 1000;

export class SqliteDriver implements SqlDriver {
  readonly dialect = dialect;
  readonly description: string;
  private readonly db: DatabaseSync;
  private readonly path: string;
  private readonly statements = new Map<string, StatementSync>();
  private readonly cubeWorkers = new Set<Worker>();
  /**
   * The write transaction in progress. One connection serves every request, so a read that comes
   * while a transaction is open waits for it (it would see uncommitted rows), and so does the next
   * transaction (SQLite cannot nest them).
   */
  private writing: Promise<unknown> | null = null;
  private watch: NodeJS.Timeout | null = null;

  private constructor(path: string, db: DatabaseSync) {
    this.path = path;
    this.db = db;
    this.description = `sqlite ${path}`;
  }

  /** Opens the file (created when missing), migrates its schema and repairs what an interrupted bulk load left. */
  static async open(path: string): Promise<SqliteDriver> {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = new DatabaseSync(path);
    try {
      db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;
        PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY; PRAGMA mmap_size = 268435456;`);
      await migrateCatalogSqlite(db);
      const driver = new SqliteDriver(path, db);
      driver.restoreIndexes();
      return driver;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /**
   * Puts back what a bulk load takes away while it runs: the indexes, and the search triggers, whose
   * absence means the search index missed the load and is rebuilt from the products. Runs at open
   * too, for a bulk load that was interrupted; finds nothing to do otherwise.
   */
  private restoreIndexes(): void {
    this.writeTransaction(() => {
      const triggers = this.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'products_fts_%'").get() as { n: number };
      const existing = new Set((this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]).map((row) => row.name));
      for (const definition of INDEXES) if (!existing.has(nameOf(definition))) this.db.exec(`CREATE INDEX ${definition}`);
      if (triggers.n < TRIGGERS.length) {
        this.db.exec("INSERT INTO products_fts (products_fts) VALUES ('rebuild')");
        for (const definition of TRIGGERS) this.db.exec(`CREATE TRIGGER IF NOT EXISTS ${definition}`);
      }
    });
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      // The shared SQL numbers its parameters $1, $2, ...; SQLite's numbered form is ?1, ?2, ...
      statement = this.db.prepare(sql.replace(/\$(\d+)/g, '?$1'));
      // Filter combinations are finite, but a bound keeps a long-running process from growing without limit.
      if (this.statements.size > 2000) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private all<T>(statement: Statement): T[] {
    return this.statement(statement.sql).all(...(statement.values as Bind[])) as T[];
  }

  private run(statement: Statement): number {
    return Number(this.statement(statement.sql).run(...(statement.values as Bind[])).changes);
  }

  // Each wait below re-checks `writing` right before the statement it guards, with no await in
  // between, so nothing can start a transaction in the gap.

  async read<T>(statement: Statement): Promise<T[]> {
    while (this.writing) await this.writing.catch(() => undefined);
    return this.all<T>(statement);
  }

  async transaction<T>(body: (tx: Transaction) => Promise<T>, keep: (result: T) => boolean): Promise<T> {
    while (this.writing) await this.writing.catch(() => undefined);
    const tx: Transaction = {
      all: async (statement) => this.all(statement),
      run: async (statement) => this.run(statement),
      upsert: async (records) => this.insertAll(records),
    };
    const work = (async () => {
      this.db.exec('BEGIN IMMEDIATE');
      let result: T;
      try {
        result = await body(tx);
      } catch (error) {
        this.db.exec('ROLLBACK');
        throw error;
      }
      this.db.exec(keep(result) ? 'COMMIT' : 'ROLLBACK');
      return result;
    })();
    this.writing = work;
    try {
      return await work;
    } finally {
      if (this.writing === work) this.writing = null;
    }
  }

  private writeTransaction(body: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      body();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * One GROUP BY over the whole table: instant on small catalogues, about two seconds at a million
   * rows, so a file database is read in a worker thread (its own read-only connection, which WAL
   * lets run beside this one) and requests never wait for it.
   */
  async cubeRows(): Promise<readonly CubeRow[]> {
    // The largest id bounds the row count and costs one index probe, unlike count(*).
    const small = (this.all<{ n: number | null }>({ sql: 'SELECT max(id) AS n FROM products', values: [] })[0]?.n ?? 0) < 20_000;
    if (this.path === ':memory:' || small) return this.all<CubeRow>({ sql: cubeSql(), values: [] });
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

  async upsert(records: readonly ProductRecord[]): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
    this.writeTransaction(() => this.insertAll(records));
  }

  private insertAll(records: readonly ProductRecord[]): void {
    const insert = this.statement(INSERT_SQL);
    for (const record of records) insert.run(...(recordValues(record) as Bind[]));
  }

  async clear(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined);
    this.writeTransaction(() => this.deleteAllProducts());
    this.restoreIndexes();
  }

  /** Deletes rows and search entries wholesale instead of firing the delete trigger per row. */
  private deleteAllProducts(): void {
    for (const definition of TRIGGERS) this.db.exec(`DROP TRIGGER IF EXISTS ${nameOf(definition)}`);
    this.db.exec("DELETE FROM products; INSERT INTO products_fts (products_fts) VALUES ('delete-all');");
  }

  async bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number> {
    while (this.writing) await this.writing.catch(() => undefined);
    this.writeTransaction(() => {
      this.deleteAllProducts();
      for (const definition of INDEXES) this.db.exec(`DROP INDEX IF EXISTS ${nameOf(definition)}`);
    });
    let loaded = 0;
    for await (const batch of batches) {
      await this.upsert(batch);
      loaded += batch.length;
    }
    this.restoreIndexes();
    this.db.exec('ANALYZE');
    return loaded;
  }

  // Other processes see the file change on their own (below): there is nobody to tell.
  async publish(_change: ProductChange): Promise<void> {}

  /**
   * The service is the file's only regular writer, but the import and generate commands may write it
   * while the shop runs. SQLite counts commits by other connections in `PRAGMA data_version`; a change
   * of it means "anything may have changed", heard within a second.
   */
  async subscribe(listener: (change: ProductChange) => void): Promise<void> {
    let seen = this.dataVersion();
    this.watch = setInterval(() => {
      if (!this.db.isOpen) return;
      const now = this.dataVersion();
      if (now === seen) return;
      seen = now;
      listener({ kind: 'data', ids: null });
    }, OTHER_WRITERS_POLL_MS);
    this.watch.unref();
  }

  private dataVersion(): number {
    return Number((this.db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version);
  }

  async close(): Promise<void> {
    if (this.watch) clearInterval(this.watch);
    await Promise.all([...this.cubeWorkers].map((worker) => worker.terminate()));
    if (this.db.isOpen) {
      this.db.exec('PRAGMA optimize');
      this.db.close();
    }
  }
}
