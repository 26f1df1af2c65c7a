// The PostgreSQL driver (pg): opening and migrating the schema, search, pools (primary and optional read replica), prepared
// statements, bulk loading, and change notices between the instances that share one database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ProductRecord } from '../products/model.ts';
import type { ProductChange, SqlDriver, Transaction } from './driver.ts';
import { cubeSql, type CubeRow } from './facetCube.ts';
import { migrateCatalogPostgres, quoteIdentifier } from './migrations/index.ts';
import { PRODUCT_COLUMNS, likePattern, recordValues, type Dialect, type Statement } from './sql.ts';

const SEARCH_TRIGGER = 'product_search_sync';

// The current indexes: what the migrations have made of the schema, which a bulk load drops while it
// loads and then puts back from here. Migrations keep frozen copies of their own (one that read this
// list would change after it ran, and a fresh database would differ from an upgraded one); a migration
// that changes an index changes it here too, and the schema test that bulk-loads and compares with the
// migrations' snapshot (migrations/upgrade.test.ts) fails until it does.
// Mirrors the SQLite indexes. The sort indexes carry price and colour (INCLUDE), so a page filtered by
// them is found by an index-only scan that stops after one page instead of reading a wide row per candidate.
const INDEXES = [
  'products_category_walk ON products (category, id) INCLUDE (price_cents, color)',
  'products_category_rating_walk ON products (category, rating, id) INCLUDE (price_cents, color)',
  'products_category_created_walk ON products (category, created_at, id) INCLUDE (price_cents, color)',
  'products_category_discount_walk ON products (category, discount, id) INCLUDE (price_cents, color)',
  // Filter columns first, every sort key included: a filter that matches few products finds them
  // all in one index range and sorts them there, without a visit to the table.
  'products_category_price_sort ON products (category, price_cents, id) INCLUDE (rating, created_at, discount)',
  'products_category_color_price_sort ON products (category, color, price_cents) INCLUDE (id, rating, created_at, discount)',
  'products_color_price_sort ON products (color, price_cents, id) INCLUDE (rating, created_at, discount)',
  // Brand-led walks: a brand holds a small share of its category, so walking the category's index for
  // it tested a wide row per entry (61 ms for a page of 240); these find it in the index alone.
  'products_brand_walk ON products (brand, id) INCLUDE (category, price_cents, color)',
  'products_brand_rating_walk ON products (brand, rating, id) INCLUDE (category, price_cents, color)',
  'products_brand_created_walk ON products (brand, created_at, id) INCLUDE (category, price_cents, color)',
  'products_brand_discount_walk ON products (brand, discount, id) INCLUDE (category, price_cents, color)',
  // A brand, a colour and a price range together match a few hundred products of a brand's tens of
  // thousands: found in one range of this index (0.1-0.3 ms) instead of a walk of the brand (15-40 ms).
  'products_brand_color_price_sort ON products (brand, color, price_cents) INCLUDE (id, category, rating, created_at, discount)',
  'products_price ON products (price_cents, id)',
  'products_rating_walk ON products (rating, id) INCLUDE (price_cents, color)',
  'products_created_walk ON products (created_at, id) INCLUDE (price_cents, color)',
  'products_discount_walk ON products (discount, id) INCLUDE (price_cents, color)',
  'products_title ON products ((lower(title) COLLATE "C"), id)',
  // The trigram indexes serve LIKE '%q%' for queries of 3+ characters.
  'product_search_title ON product_search USING gin (title gin_trgm_ops)',
  'product_search_description ON product_search USING gin (description gin_trgm_ops)',
];

const searchMatch = (pattern: string) => `(title LIKE lower(${pattern}) ESCAPE '\\' OR description LIKE lower(${pattern}) ESCAPE '\\')`;

const dialect: Dialect = {
  textContains: (q, params) => `id IN (SELECT id FROM product_search WHERE ${searchMatch(params.add(likePattern(q)))})`,
  titleSortKey: 'lower(title) COLLATE "C"',
  unindexed: (column, type) => ({ number: `(${column} + 0)`, text: `(${column} || '')`, time: `(${column} + interval '0 s')` })[type],
  guidedPlans: false,
  textPage: (q, order, limit, offset) => ({
    sql: `SELECT id FROM product_search WHERE ${searchMatch('$1')} ORDER BY id ${order === 'desc' ? 'DESC' : 'ASC'} LIMIT $2 OFFSET $3`,
    values: [likePattern(q), limit, offset],
  }),
  textCount: (q, bound) => ({
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM product_search WHERE ${searchMatch('$1')} LIMIT $2) AS capped`,
    values: [likePattern(q), bound + 1],
  }),
  idIn: (ids, params) => `id = ANY(${params.add(ids)}::int[])`,
  forUpdate: ' FOR UPDATE',
};

const COLUMN_TYPES = [
  'int',
  'text',
  'text',
  'text',
  'text',
  'text',
  'int',
  'float8',
  'float8',
  'int',
  'text',
  'text',
  'text',
  'text',
  'timestamptz',
  'timestamptz',
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

/** A notice carries at most 8000 bytes; larger id lists are sent as "anything may have changed". */
const MAX_NOTICE_BYTES = 7000;

export interface PostgresOptions {
  url: string;
  /** A read replica for listings, products and counts; writes and reservations always use `url`. */
  readUrl: string | null;
  schema: string;
  /** Connections per pool; the service answers many requests per connection, so a few per core suffice. */
  poolSize: number;
}

/** A pool whose sessions work in the configured schema (the migrate command's too). */
export function schemaPool(url: string, options: Pick<PostgresOptions, 'schema' | 'poolSize'>): pg.Pool {
  // Settings given in the URL (options=-c ...) are kept and the schema and plan mode added to
  // them (pg lets the URL's options replace the configured ones, so they travel outside it).
  // Custom plans: a filtered page's best plan depends on its values (how many rows the category
  // and price range hold), which a generic plan cannot know.
  const address = new URL(url);
  const given = address.searchParams.get('options');
  address.searchParams.delete('options');
  const settings = `-c search_path=${quoteIdentifier(options.schema)},public -c plan_cache_mode=force_custom_plan`;
  const pool = new pg.Pool({ connectionString: address.toString(), max: options.poolSize, options: given ? `${given} ${settings}` : settings });
  // Idle clients can fail when the server restarts; without a listener that would crash the process.
  pool.on('error', (error) => console.error(`catalog: postgres idle client error: ${error.message}`));
  return pool;
}

export class PostgresDriver implements SqlDriver {
  readonly dialect = dialect;
  readonly description: string;
  private readonly primary: pg.Pool;
  private readonly replica: pg.Pool;
  private readonly options: PostgresOptions;
  private readonly channel: string;
  /** Tells this process's own notices from the other instances'. */
  private readonly instance = randomUUID();
  private readonly statementNames = new Map<string, string>();
  private listener: pg.Client | null = null;
  private onChange: ((change: ProductChange) => void) | null = null;
  private closed = false;

  private constructor(options: PostgresOptions) {
    this.options = options;
    this.primary = schemaPool(options.url, options);
    this.replica = options.readUrl ? schemaPool(options.readUrl, options) : this.primary;
    this.channel = `catalog_products_${options.schema}`;
    const where = new URL(options.url);
    this.description = `postgres ${where.host}${where.pathname} schema ${options.schema}${options.readUrl ? ` (reads from ${new URL(options.readUrl).host})` : ''}`;
  }

  static async open(options: PostgresOptions): Promise<PostgresDriver> {
    const driver = new PostgresDriver(options);
    try {
      await driver.migrate();
    } catch (error) {
      await driver.close();
      throw error;
    }
    return driver;
  }

  private async migrate(): Promise<void> {
    await migrateCatalogPostgres(this.primary, this.options.schema);
    await this.inTransaction(async (client) => {
      // One instance at a time: two starting together must not both refill the search table.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('mf-catalog schema'))");
      await this.restoreIndexes(client);
    });
  }

  /**
   * Puts back what a bulk load takes away while it runs: the indexes, and the search trigger, whose
   * being off means the search table missed the load and is refilled from the products. Runs at
   * start too, for a bulk load that was interrupted; finds nothing to do otherwise.
   */
  private async restoreIndexes(client: pg.PoolClient): Promise<void> {
    const schema = quoteIdentifier(this.options.schema);
    const trigger = await client.query<{ enabled: string }>(
      `SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = $1 AND tgrelid = '${schema}.products'::regclass`,
      [SEARCH_TRIGGER],
    );
    if (trigger.rows[0]?.enabled !== 'O') {
      await client.query('TRUNCATE product_search');
      await client.query('INSERT INTO product_search (id, title, description) SELECT id, lower(title), lower(description) FROM products');
      await client.query(`ALTER TABLE products ENABLE TRIGGER ${SEARCH_TRIGGER}`);
    }
    const existing = await client.query<{ name: string }>('SELECT indexname AS name FROM pg_indexes WHERE schemaname = $1', [this.options.schema]);
    const names = new Set(existing.rows.map((row) => row.name));
    const missing = INDEXES.filter((definition) => !names.has(definition.split(' ')[0]!));
    if (missing.length === 0) return;
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const definition of missing) await client.query(`CREATE INDEX ${definition}`);
  }

  private async inTransaction<T>(body: (client: pg.PoolClient) => Promise<T>, keep: (result: T) => boolean = () => true): Promise<T> {
    const client = await this.primary.connect();
    try {
      await client.query('BEGIN');
      let result: T;
      try {
        result = await body(client);
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
      await client.query(keep(result) ? 'COMMIT' : 'ROLLBACK');
      return result;
    } finally {
      client.release();
    }
  }

  /** A named (prepared) statement per distinct SQL text: each connection parses it once. */
  private prepared(statement: Statement): pg.QueryConfig {
    let name = this.statementNames.get(statement.sql);
    if (!name) {
      name = `catalog_${this.statementNames.size + 1}`;
      this.statementNames.set(statement.sql, name);
    }
    return { name, text: statement.sql, values: statement.values };
  }

  async read<T>(statement: Statement): Promise<T[]> {
    return (await this.replica.query(this.prepared(statement))).rows as T[];
  }

  transaction<T>(body: (tx: Transaction) => Promise<T>, keep: (result: T) => boolean): Promise<T> {
    return this.inTransaction(
      (client) =>
        body({
          all: async (statement) => (await client.query(this.prepared(statement))).rows,
          run: async (statement) => (await client.query(this.prepared(statement))).rowCount ?? 0,
          upsert: async (records) => void (await client.query(UPSERT_SQL, columns(records))),
        }),
      keep,
    );
  }

  cubeRows(): Promise<readonly CubeRow[]> {
    return this.read<CubeRow>({ sql: cubeSql(), values: [] });
  }

  async upsert(records: readonly ProductRecord[]): Promise<void> {
    await this.primary.query(UPSERT_SQL, columns(records));
  }

  async clear(): Promise<void> {
    await this.primary.query('TRUNCATE products, product_search');
  }

  async bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number> {
    const schema = quoteIdentifier(this.options.schema);
    // Without indexes and the per-row search trigger, then the search table in one statement and
    // every index once: minutes become seconds at a million rows.
    await this.inTransaction(async (client) => {
      await client.query('TRUNCATE products, product_search');
      await client.query(`ALTER TABLE products DISABLE TRIGGER ${SEARCH_TRIGGER}`);
      for (const definition of INDEXES) await client.query(`DROP INDEX IF EXISTS ${schema}.${definition.split(' ')[0]}`);
    });
    let loaded = 0;
    for await (const batch of batches) {
      await this.primary.query(`INSERT INTO products (${PRODUCT_COLUMNS}) ${UNNEST_SELECT}`, columns(batch));
      loaded += batch.length;
    }
    await this.inTransaction((client) => this.restoreIndexes(client));
    // VACUUM sets the visibility map, which lets the id-only page queries run as index-only scans.
    await this.primary.query('VACUUM (ANALYZE) products, product_search');
    return loaded;
  }

  async publish(change: ProductChange): Promise<void> {
    let payload = JSON.stringify({ from: this.instance, kind: change.kind, ids: change.ids });
    if (payload.length > MAX_NOTICE_BYTES) payload = JSON.stringify({ from: this.instance, kind: change.kind, ids: null });
    await this.primary.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
  }

  /**
   * Listens on a connection of its own for the notices other instances publish after each write. A
   * lost connection may have missed some: the listener is told that anything may have changed, and
   * the connection is made again.
   */
  async subscribe(listener: (change: ProductChange) => void): Promise<void> {
    this.onChange = listener;
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('error', (error) => {
      console.error(`catalog: change notices connection lost (${error.message}); reconnecting`);
      void client.end().catch(() => undefined);
    });
    client.on('end', () => {
      if (this.listener !== client || this.closed) return;
      this.listener = null;
      this.onChange?.({ kind: 'data', ids: null });
      setTimeout(() => void this.listen().catch(() => undefined), 1000).unref();
    });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      const notice = JSON.parse(message.payload) as { from: string; kind: ProductChange['kind']; ids: number[] | null };
      if (notice.from !== this.instance) this.onChange?.({ kind: notice.kind, ids: notice.ids });
    });
    await client.connect();
    this.listener = client;
    await client.query(`LISTEN ${quoteIdentifier(this.channel)}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.primary.end();
    if (this.replica !== this.primary) await this.replica.end();
  }
}
