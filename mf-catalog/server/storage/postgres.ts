import pg from 'pg';
import { LruCache } from '../cache.ts';
import { filterKey, pageKey, type ListQuery, type ProductFilter, type ProductRecord } from '../products/model.ts';
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
} from './sql.ts';
import { CubeKeeper, cubeSql, type CubeRow } from './facetCube.ts';

const TABLES = `
CREATE TABLE IF NOT EXISTS products (
  id integer PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  brand text,
  color text,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  discount double precision NOT NULL,
  rating double precision NOT NULL,
  stock integer NOT NULL CHECK (stock >= 0),
  sku text NOT NULL,
  tags text NOT NULL,
  thumbnail text NOT NULL,
  images text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS stock_reservations (
  order_id text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('reserved', 'committed', 'released')),
  lines text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
`;

// Mirrors the SQLite indexes; the trigram GIN index serves ILIKE '%q%' for queries of 3+ characters.
// The sort indexes carry price and colour (INCLUDE), so a page filtered by them is found by an
// index-only scan that stops after one page instead of reading a wide row per candidate.
const INDEXES = [
  'products_category_walk ON products (category, id) INCLUDE (price_cents, color)',
  'products_category_price ON products (category, price_cents, id)',
  'products_category_rating_walk ON products (category, rating, id) INCLUDE (price_cents, color)',
  'products_category_created_walk ON products (category, created_at, id) INCLUDE (price_cents, color)',
  'products_category_discount_walk ON products (category, discount, id) INCLUDE (price_cents, color)',
  'products_brand ON products (brand, id)',
  'products_color ON products (color, id)',
  'products_price ON products (price_cents, id)',
  'products_rating_walk ON products (rating, id) INCLUDE (price_cents, color)',
  'products_created_walk ON products (created_at, id) INCLUDE (price_cents, color)',
  'products_discount_walk ON products (discount, id) INCLUDE (price_cents, color)',
  'products_title ON products ((lower(title) COLLATE "C"), id)',
  'products_title_trgm ON products USING gin (title gin_trgm_ops)',
];

/** Indexes of earlier versions that the ones above replace; dropped at start-up. */
const REPLACED_INDEXES = [
  'products_category',
  'products_category_rating',
  'products_category_created',
  'products_category_discount',
  'products_rating',
  'products_created',
  'products_discount',
];

const dialect: Dialect = {
  style: 'postgres',
  titleContains: (q: string, params: Params, plain: string) => `${plain}title ILIKE ${params.add(likePattern(q))} ESCAPE '\\'`,
  titleSortKey: 'lower(title) COLLATE "C"',
};

const COLUMN_TYPES = [
  'int', 'text', 'text', 'text', 'text', 'text', 'int', 'float8',
  'float8', 'int', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz',
];

// One statement per batch: each column travels as one array parameter, which beats multi-row VALUES lists.
const UNNEST_SELECT = `SELECT * FROM unnest(${COLUMN_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;

const UPSERT_SQL = `INSERT INTO products (${PRODUCT_COLUMNS}) ${UNNEST_SELECT}
  ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description,
  category = excluded.category, brand = excluded.brand, color = excluded.color, price_cents = excluded.price_cents,
  discount = excluded.discount, rating = excluded.rating, stock = excluded.stock, sku = excluded.sku,
  tags = excluded.tags, thumbnail = excluded.thumbnail, images = excluded.images,
  created_at = excluded.created_at, updated_at = excluded.updated_at`;

function columns(records: readonly ProductRecord[]): unknown[][] {
  const arrays: unknown[][] = COLUMN_TYPES.map(() => []);
  for (const record of records) recordValues(record).forEach((value, i) => arrays[i]!.push(value));
  return arrays;
}

/** Larger pages (limit=0 and the like) are not kept, so they cannot push the common ones out. */
const MAX_CACHED_PAGE = 250;

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export class PostgresStore implements CatalogStore {
  readonly description: string;
  private readonly pool: pg.Pool;
  private readonly schema: string;
  /** Totals per filter, as in the SQLite store. */
  private readonly counts: LruCache<string, number>;
  /** Page ids per listing, as in the SQLite store. */
  private readonly pages: LruCache<string, number[]>;
  private readonly changes = new ChangeListeners();
  private generation = 0;
  /** Counts by category, brand, colour and price range, for the shop's totals and facets (see facetCube.ts). */
  private readonly cube: CubeKeeper;

  private constructor(pool: pg.Pool, schema: string, description: string, countCacheTtlMs: number) {
    this.cube = new CubeKeeper(async () => (await this.pool.query<CubeRow>(cubeSql())).rows, countCacheTtlMs);
    this.pool = pool;
    this.schema = schema;
    this.description = description;
    this.counts = new LruCache(2000, countCacheTtlMs);
    this.pages = new LruCache(5000, countCacheTtlMs);
  }

  static async open(url: string, schema: string, countCacheTtlMs = 0): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${quoteIdentifier(schema)},public` });
    // Idle clients can fail when the server restarts; without a listener that would crash the process.
    pool.on('error', (error) => console.error(`catalog: postgres idle client error: ${error.message}`));
    const where = new URL(url);
    const store = new PostgresStore(pool, schema, `postgres ${where.host}${where.pathname} schema ${schema}`, countCacheTtlMs);
    try {
      await store.migrate();
    } catch (error) {
      await pool.end();
      throw error;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.transaction(async (client) => {
      // Serialises concurrent start-ups (server, CLIs, parallel tests) around extension and DDL creation.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('mf-catalog schema'))");
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(this.schema)}`);
      await client.query(TABLES);
      await this.createIndexes(client);
    });
  }

  private async createIndexes(client: pg.PoolClient): Promise<void> {
    // Qualified: an unqualified name would fall through the search_path to another schema's index.
    for (const name of REPLACED_INDEXES) await client.query(`DROP INDEX IF EXISTS ${quoteIdentifier(this.schema)}.${name}`);
    for (const definition of INDEXES) await client.query(`CREATE INDEX IF NOT EXISTS ${definition}`);
  }

  private async transaction<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  async listProducts(query: ListQuery): Promise<{ rows: ProductRecord[]; total: number }> {
    const { ids, total } = await this.listProductIds(query);
    return { rows: inIdOrder(ids, await this.getProducts(ids)), total };
  }

  async listProductIds(query: ListQuery): Promise<{ ids: number[]; total: number }> {
    const key = filterKey(query);
    const cachedTotal = this.counts.get(key);
    const pageAt = pageKey(query);
    const cachedIds = this.pages.get(pageAt);
    // A write meanwhile clears the caches; what this read saw must not be stored after it.
    const generation = this.generation;
    const [ids, total] = await Promise.all([cachedIds ?? this.pageIds(query), cachedTotal ?? this.count(query)]);
    if (generation === this.generation) {
      if (cachedTotal === undefined) this.counts.set(key, total);
      if (cachedIds === undefined && ids.length <= MAX_CACHED_PAGE) this.pages.set(pageAt, ids);
    }
    return { ids: [...ids], total };
  }

  private async pageIds(query: ListQuery): Promise<number[]> {
    const page = pageIdsSql(query, dialect);
    return (await this.pool.query<{ id: number }>(page.sql, page.values)).rows.map((row) => row.id);
  }

  private forgetListings(): void {
    this.generation++;
    this.counts.clear();
    this.pages.clear();
    this.cube.invalidate();
  }

  private async count(filter: ProductFilter): Promise<number> {
    const cube = await this.cube.ready();
    if (cube?.answers(filter)) return cube.total(filter);
    const count = countSql(filter, dialect);
    const result = await this.pool.query<{ n: string }>(count.sql, count.values);
    return Number(result.rows[0]?.n ?? 0);
  }

  async getProduct(id: number): Promise<ProductRecord | null> {
    const result = await this.pool.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1`, [id]);
    return result.rows[0] ? rowToRecord(result.rows[0]) : null;
  }

  async getProducts(ids: readonly number[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    const result = await this.pool.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ANY($1::int[])`, [ids]);
    return result.rows.map(rowToRecord);
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
    return collectFacetCounts(filter, dialect, async (facet) => (await this.pool.query(facet.sql, facet.values)).rows);
  }

  async countProducts(): Promise<number> {
    const result = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM products');
    return Number(result.rows[0]?.n ?? 0);
  }

  async upsertProducts(records: readonly ProductRecord[]): Promise<void> {
    this.forgetListings();
    if (records.length === 0) return;
    try {
      await this.pool.query(UPSERT_SQL, columns(records));
    } finally {
      // Again after the write: a listing read while it ran may have stored what it saw before it.
      this.forgetListings();
      this.changes.notify(records.map((record) => record.id));
    }
  }

  async clearProducts(): Promise<void> {
    this.forgetListings();
    try {
      await this.pool.query('TRUNCATE products');
    } finally {
      this.forgetListings();
      this.changes.notify(null);
    }
  }

  async bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number> {
    try {
      await this.transaction(async (client) => {
        await client.query('TRUNCATE products');
        for (const definition of INDEXES) await client.query(`DROP INDEX IF EXISTS ${quoteIdentifier(this.schema)}.${definition.split(' ')[0]}`);
      });
      let loaded = 0;
      for await (const batch of batches) {
        await this.pool.query(`INSERT INTO products (${PRODUCT_COLUMNS}) ${UNNEST_SELECT}`, columns(batch));
        loaded += batch.length;
      }
      await this.transaction((client) => this.createIndexes(client));
      // VACUUM sets the visibility map, which lets the id-only page queries run as index-only scans.
      await this.pool.query('VACUUM (ANALYZE) products');
      return loaded;
    } finally {
      this.forgetListings();
      this.changes.notify(null);
    }
  }

  async reserve(orderId: string, lines: readonly StockLine[]): Promise<ReserveOutcome> {
    const client = await this.pool.connect();
    let outcome: ReserveOutcome | 'claimed-before';
    try {
      await client.query('BEGIN');
      outcome = await this.reserveInTransaction(client, orderId, lines);
      await client.query(outcome !== 'claimed-before' && outcome.kind === 'created' ? 'COMMIT' : 'ROLLBACK');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    if (outcome !== 'claimed-before') {
      if (outcome.kind === 'created') this.changes.notify(outcome.reservation.lines.map((line) => line.productId));
      return outcome;
    }
    const existing = await this.findReservation(orderId);
    if (!existing) throw new Error(`reservation ${orderId} conflicted but cannot be read`);
    return { kind: 'existing', reservation: existing };
  }

  private async reserveInTransaction(
    client: pg.PoolClient,
    orderId: string,
    lines: readonly StockLine[],
  ): Promise<ReserveOutcome | 'claimed-before'> {
    // Claiming the order id first makes a concurrent duplicate wait here for this transaction's outcome.
    const claim = await client.query(
      `INSERT INTO stock_reservations (order_id, status, lines, created_at, updated_at)
       VALUES ($1, 'reserved', '[]', now(), now()) ON CONFLICT (order_id) DO NOTHING`,
      [orderId],
    );
    if (claim.rowCount === 0) return 'claimed-before';
    const taken: ReservationLine[] = [];
    for (const line of byProduct(lines)) {
      const updated = await client.query<{ title: string; thumbnail: string; price_cents: number }>(
        'UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1 RETURNING title, thumbnail, price_cents',
        [line.quantity, line.productId],
      );
      const row = updated.rows[0];
      if (!row) {
        const current = await client.query<{ title: string; stock: number }>('SELECT title, stock FROM products WHERE id = $1', [line.productId]);
        const product = current.rows[0];
        if (!product) return { kind: 'unknown-product', productId: line.productId };
        return { kind: 'short', productId: line.productId, title: product.title, requested: line.quantity, available: product.stock };
      }
      taken.push({ ...line, title: row.title, thumbnail: row.thumbnail, priceCents: row.price_cents });
    }
    await client.query('UPDATE stock_reservations SET lines = $2 WHERE order_id = $1', [orderId, JSON.stringify(taken)]);
    return { kind: 'created', reservation: { orderId, status: 'reserved', lines: taken } };
  }

  private async findReservation(orderId: string, client: pg.Pool | pg.PoolClient = this.pool, lock = false): Promise<Reservation | null> {
    const result = await client.query<ReservationRow>(
      `SELECT order_id, status, lines FROM stock_reservations WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [orderId],
    );
    return result.rows[0] ? rowToReservation(result.rows[0]) : null;
  }

  async commit(orderId: string): Promise<TransitionOutcome> {
    return this.transaction(async (client) => {
      const reservation = await this.findReservation(orderId, client, true);
      if (!reservation) return { kind: 'not-found' };
      if (reservation.status === 'released') return { kind: 'conflict', reservation };
      if (reservation.status === 'reserved') await this.setStatus(client, orderId, 'committed');
      return { kind: 'ok', reservation: { ...reservation, status: 'committed' } };
    });
  }

  async release(orderId: string): Promise<TransitionOutcome> {
    let returned: number[] = [];
    const outcome = await this.transaction(async (client): Promise<TransitionOutcome> => {
      const reservation = await this.findReservation(orderId, client, true);
      if (!reservation) return { kind: 'not-found' };
      if (reservation.status !== 'reserved') return { kind: 'ok', reservation };
      for (const line of byProduct(reservation.lines)) {
        await client.query('UPDATE products SET stock = stock + $1 WHERE id = $2', [line.quantity, line.productId]);
      }
      await this.setStatus(client, orderId, 'released');
      returned = reservation.lines.map((line) => line.productId);
      return { kind: 'ok', reservation: { ...reservation, status: 'released' } };
    });
    if (returned.length > 0) this.changes.notify(returned);
    return outcome;
  }

  private async setStatus(client: pg.PoolClient, orderId: string, status: 'committed' | 'released'): Promise<void> {
    await client.query('UPDATE stock_reservations SET status = $2, updated_at = now() WHERE order_id = $1', [orderId, status]);
  }

  async close(): Promise<void> {
    await this.cube.settled();
    await this.pool.end();
  }
}
