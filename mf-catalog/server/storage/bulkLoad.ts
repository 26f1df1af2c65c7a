// Replacing the whole catalogue: without indexes and without keeping the search index up row by row,
// then the search index in one statement and every index once, which makes a million rows a matter
// of seconds rather than minutes. What is taken away and put back is each engine's own schema.
import { sql, type Kysely } from 'kysely';
import type { ProductRecord } from '../products/model.ts';
import { inTransaction, type CatalogSql } from './catalogSql.ts';
import type { CatalogDatabase } from './database.ts';
import { quoteIdentifier } from './migrations/index.ts';
import { insertProducts } from './productWrites.ts';

type Db = Kysely<CatalogDatabase>;

/** What a bulk load takes away while it loads and puts back afterwards, on one engine. */
export interface LoadSchema {
  /** Empties the products and the search index, and drops the indexes and the search index's upkeep. */
  takeAway(trx: Db): Promise<void>;
  /**
   * Puts back what takeAway took, refilling the search index when its upkeep was off. Runs at open
   * too, for a bulk load that was interrupted; finds nothing to do otherwise.
   */
  putBack(trx: Db): Promise<void>;
  /** Statistics for the planner after a load. */
  analyze(db: Db): Promise<void>;
}

const run = (db: Db, statement: string) => sql.raw(statement).execute(db);
/** The name an index or trigger definition starts with. */
const nameOf = (definition: string): string => definition.split(' ')[0]!;

// The current indexes and search upkeep: what the migrations have made of the schema. Migrations keep
// frozen copies of their own (one that read these lists would change after it ran, and a fresh
// database would differ from an upgraded one); a migration that changes an index changes it here too,
// and the schema test that bulk-loads and compares with the migrations' snapshot
// (migrations/upgrade.test.ts) fails until it does.

// One index per sort key, and category-led pairs because the shop page mostly lists one category.
// The sort indexes end with (id, price_cents, color): id keeps the tie-break in index order, and
// price and colour let a walk of the sort index (PagePlan 'walk') test those filters without
// reading the wide rows, so a filtered page is found in the index alone.
const SQLITE_INDEXES = [
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
const SQLITE_TRIGGERS = [
  `products_fts_ai AFTER INSERT ON products BEGIN
     INSERT INTO products_fts (rowid, title, description) VALUES (new.id, new.title, new.description); END`,
  `products_fts_ad AFTER DELETE ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description); END`,
  `products_fts_au AFTER UPDATE OF title, description ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
     INSERT INTO products_fts (rowid, title, description) VALUES (new.id, new.title, new.description); END`,
];

export const sqliteLoadSchema: LoadSchema = {
  async takeAway(trx) {
    // Rows and search entries go wholesale instead of through the delete trigger row by row.
    for (const definition of SQLITE_TRIGGERS) await run(trx, `DROP TRIGGER IF EXISTS ${nameOf(definition)}`);
    await run(trx, 'DELETE FROM products');
    await run(trx, "INSERT INTO products_fts (products_fts) VALUES ('delete-all')");
    for (const definition of SQLITE_INDEXES) await run(trx, `DROP INDEX IF EXISTS ${nameOf(definition)}`);
  },
  async putBack(trx) {
    const objects = await sql<{ type: string; name: string }>`SELECT type, name FROM sqlite_master WHERE type IN ('index', 'trigger')`.execute(trx);
    const existing = new Set(objects.rows.map((row) => row.name));
    for (const definition of SQLITE_INDEXES) if (!existing.has(nameOf(definition))) await run(trx, `CREATE INDEX ${definition}`);
    if (SQLITE_TRIGGERS.some((definition) => !existing.has(nameOf(definition)))) {
      await run(trx, "INSERT INTO products_fts (products_fts) VALUES ('rebuild')");
      for (const definition of SQLITE_TRIGGERS) await run(trx, `CREATE TRIGGER IF NOT EXISTS ${definition}`);
    }
  },
  analyze: async (db) => void (await run(db, 'ANALYZE')),
};

const SEARCH_TRIGGER = 'product_search_sync';

// Mirrors the SQLite indexes. The sort indexes carry price and colour (INCLUDE), so a page filtered by
// them is found by an index-only scan that stops after one page instead of reading a wide row per candidate.
const POSTGRES_INDEXES = [
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

/** The schema's own names: an unqualified one would fall through the search_path to another schema's. */
export function postgresLoadSchema(schema: string): LoadSchema {
  const quoted = quoteIdentifier(schema);
  return {
    async takeAway(trx) {
      await run(trx, 'TRUNCATE products, product_search');
      await run(trx, `ALTER TABLE products DISABLE TRIGGER ${SEARCH_TRIGGER}`);
      for (const definition of POSTGRES_INDEXES) await run(trx, `DROP INDEX IF EXISTS ${quoted}.${nameOf(definition)}`);
    },
    async putBack(trx) {
      // One instance at a time: two starting together must not both refill the search table.
      await sql`SELECT pg_advisory_xact_lock(hashtext('mf-catalog schema'))`.execute(trx);
      const trigger = await sql<{ enabled: string }>`SELECT tgenabled AS enabled FROM pg_trigger
        WHERE tgname = ${SEARCH_TRIGGER} AND tgrelid = ${`${quoted}.products`}::regclass`.execute(trx);
      if (trigger.rows[0]?.enabled !== 'O') {
        await run(trx, 'TRUNCATE product_search');
        await run(trx, 'INSERT INTO product_search (id, title, description) SELECT id, lower(title), lower(description) FROM products');
        await run(trx, `ALTER TABLE products ENABLE TRIGGER ${SEARCH_TRIGGER}`);
      }
      const existing = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = ${schema}`.execute(trx);
      const names = new Set(existing.rows.map((row) => row.name));
      const missing = POSTGRES_INDEXES.filter((definition) => !names.has(nameOf(definition)));
      if (missing.length === 0) return;
      await run(trx, "SET LOCAL maintenance_work_mem = '256MB'");
      for (const definition of missing) await run(trx, `CREATE INDEX ${definition}`);
    },
    // VACUUM sets the visibility map, which lets the id-only page queries run as index-only scans.
    analyze: async (db) => void (await run(db, 'VACUUM (ANALYZE) products, product_search')),
  };
}

/** Replaces every product with the batches' and answers how many were loaded. */
export async function bulkLoad(store: CatalogSql, schema: LoadSchema, batches: AsyncIterable<readonly ProductRecord[]>): Promise<number> {
  await inTransaction(store, ({ db }) => schema.takeAway(db));
  let loaded = 0;
  for await (const batch of batches) {
    if (batch.length > 0) await insertProducts(store, batch, false);
    loaded += batch.length;
  }
  await inTransaction(store, ({ db }) => schema.putBack(db));
  await schema.analyze(store.db);
  return loaded;
}
