// The catalogue's schema as releases before versioned migrations made it at every start: products,
// stock reservations, the search table and its triggers, the indexes (and, on PostgreSQL, pg_trgm).
// Everything is created only when missing, so a database those releases made is brought up to it in
// place and then recorded; a fresh one gets the same schema. Frozen: never edit it, add a migration.
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from './runner.ts';

const NAME = '0001-initial';

const SQLITE_TABLES = `
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
`;

// Search matches title or description, as DummyJSON's does: a trigram index over both columns, whose
// phrase queries are substring matches within one column.
const SQLITE_SEARCH_TABLE = `CREATE VIRTUAL TABLE products_fts
  USING fts5(title, description, content = 'products', content_rowid = 'id', tokenize = 'trigram')`;

const SQLITE_INDEXES = [
  'products_category_walk ON products (category, id, price_cents, color)',
  'products_category_rating_walk ON products (category, rating, id, price_cents, color)',
  'products_category_created_walk ON products (category, created_at, id, price_cents, color)',
  'products_category_discount_walk ON products (category, discount, id, price_cents, color)',
  'products_category_price_sort ON products (category, price_cents, rating, created_at, discount)',
  'products_category_color_price_sort ON products (category, color, price_cents, rating, created_at, discount)',
  'products_brand_color_price_sort ON products (brand, color, price_cents, rating, created_at, discount)',
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

/** Indexes of the releases before this schema, which the ones above replaced. */
const SQLITE_REPLACED_INDEXES = [
  'products_category',
  'products_category_rating',
  'products_category_created',
  'products_category_discount',
  'products_rating',
  'products_created',
  'products_discount',
  'products_category_price',
  'products_category_color_price',
  'products_color_price',
  'products_brand_color_price',
];

const SQLITE_TRIGGERS = [
  `products_fts_ai AFTER INSERT ON products BEGIN
     INSERT INTO products_fts (rowid, title, description) VALUES (new.id, new.title, new.description); END`,
  `products_fts_ad AFTER DELETE ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description); END`,
  `products_fts_au AFTER UPDATE OF title, description ON products BEGIN
     INSERT INTO products_fts (products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
     INSERT INTO products_fts (rowid, title, description) VALUES (new.id, new.title, new.description); END`,
];

const nameOf = (definition: string): string => definition.split(' ')[0]!;

function sqliteUp(db: DatabaseSync): void {
  db.exec(SQLITE_TABLES);
  // Releases before this schema indexed titles only: their search table goes, with its triggers.
  const search = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'products_fts'").get() as { sql: string } | undefined;
  if (search && !search.sql.includes('description')) {
    for (const definition of SQLITE_TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${nameOf(definition)}`);
    db.exec('DROP TABLE products_fts');
  }
  if (!search || !search.sql.includes('description')) db.exec(SQLITE_SEARCH_TABLE);
  const existing = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]).map((row) => row.name));
  for (const name of SQLITE_REPLACED_INDEXES) if (existing.has(name)) db.exec(`DROP INDEX ${name}`);
  const missing = SQLITE_INDEXES.filter((definition) => !existing.has(nameOf(definition)));
  for (const definition of missing) db.exec(`CREATE INDEX IF NOT EXISTS ${definition}`);
  // A database of an earlier release that got new indexes here: give the planner statistics about them.
  if (missing.length > 0 && existing.has('products_title') && db.prepare('SELECT 1 FROM products LIMIT 1').get()) db.exec('ANALYZE');
  const triggers = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'products_fts_%'").get() as { n: number };
  if (triggers.n < SQLITE_TRIGGERS.length) {
    db.exec("INSERT INTO products_fts (products_fts) VALUES ('rebuild')");
    for (const definition of SQLITE_TRIGGERS) db.exec(`CREATE TRIGGER IF NOT EXISTS ${definition}`);
  }
}

const POSTGRES_TABLES = `
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
-- Search reads a narrow copy of the searched text, lower-cased once: the trigram index's matches are
-- rechecked with a plain LIKE on a short row instead of ILIKE on the wide products row, five to ten
-- times less work per candidate.
CREATE TABLE IF NOT EXISTS product_search (
  id integer PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL
);
CREATE OR REPLACE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM product_search WHERE id = OLD.id;
    RETURN OLD;
  END IF;
  INSERT INTO product_search (id, title, description) VALUES (NEW.id, lower(NEW.title), lower(NEW.description))
    ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description;
  RETURN NEW;
END $$;
-- Search's plans hinge on how many rows a LIKE pattern matches, which the planner estimates from a
-- sample of the texts: a larger sample keeps a 3 % match from looking like 0.03 %.
ALTER TABLE product_search ALTER COLUMN title SET STATISTICS 1000, ALTER COLUMN description SET STATISTICS 1000;
`;

const POSTGRES_INDEXES = [
  'products_category_walk ON products (category, id) INCLUDE (price_cents, color)',
  'products_category_rating_walk ON products (category, rating, id) INCLUDE (price_cents, color)',
  'products_category_created_walk ON products (category, created_at, id) INCLUDE (price_cents, color)',
  'products_category_discount_walk ON products (category, discount, id) INCLUDE (price_cents, color)',
  'products_category_price_sort ON products (category, price_cents, id) INCLUDE (rating, created_at, discount)',
  'products_category_color_price_sort ON products (category, color, price_cents) INCLUDE (id, rating, created_at, discount)',
  'products_color_price_sort ON products (color, price_cents, id) INCLUDE (rating, created_at, discount)',
  'products_brand_walk ON products (brand, id) INCLUDE (category, price_cents, color)',
  'products_brand_rating_walk ON products (brand, rating, id) INCLUDE (category, price_cents, color)',
  'products_brand_created_walk ON products (brand, created_at, id) INCLUDE (category, price_cents, color)',
  'products_brand_discount_walk ON products (brand, discount, id) INCLUDE (category, price_cents, color)',
  'products_brand_color_price_sort ON products (brand, color, price_cents) INCLUDE (id, category, rating, created_at, discount)',
  'products_price ON products (price_cents, id)',
  'products_rating_walk ON products (rating, id) INCLUDE (price_cents, color)',
  'products_created_walk ON products (created_at, id) INCLUDE (price_cents, color)',
  'products_discount_walk ON products (discount, id) INCLUDE (price_cents, color)',
  'products_title ON products ((lower(title) COLLATE "C"), id)',
  'product_search_title ON product_search USING gin (title gin_trgm_ops)',
  'product_search_description ON product_search USING gin (description gin_trgm_ops)',
];

/** Indexes of the releases before this schema, which the ones above replaced. */
const POSTGRES_REPLACED_INDEXES = [
  'products_category',
  'products_category_rating',
  'products_category_created',
  'products_category_discount',
  'products_rating',
  'products_created',
  'products_discount',
  'products_title_trgm',
  'products_category_price',
  'products_color',
  'products_brand',
];

async function postgresUp(client: pg.PoolClient): Promise<void> {
  // The extension belongs to the whole database, not to this schema: stores of other schemas may be
  // creating it at this moment, and the runner's lock covers one schema only.
  await client.query("SELECT pg_advisory_xact_lock(hashtext('mf-catalog schema'))");
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await client.query(POSTGRES_TABLES);
  const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = `"${rows[0]!.schema.replace(/"/g, '""')}"`;
  // Qualified: an unqualified name would fall through the search_path to another schema's index.
  for (const name of POSTGRES_REPLACED_INDEXES) await client.query(`DROP INDEX IF EXISTS ${schema}.${name}`);
  await client.query("SET LOCAL maintenance_work_mem = '256MB'");
  for (const definition of POSTGRES_INDEXES) await client.query(`CREATE INDEX IF NOT EXISTS ${definition}`);
  const trigger = await client.query(`SELECT 1 FROM pg_trigger WHERE tgname = 'product_search_sync' AND tgrelid = '${schema}.products'::regclass`);
  // A schema of a release before the search table: fill it from the products, then keep it in step.
  if (trigger.rowCount === 0) {
    await client.query('TRUNCATE product_search');
    await client.query('INSERT INTO product_search (id, title, description) SELECT id, lower(title), lower(description) FROM products');
    await client.query(`CREATE TRIGGER product_search_sync AFTER INSERT OR DELETE OR UPDATE OF title, description ON products
      FOR EACH ROW EXECUTE FUNCTION product_search_sync()`);
  }
}

export const initial: { sqlite: Migration<DatabaseSync>; postgres: Migration<pg.PoolClient> } = {
  sqlite: { name: NAME, up: sqliteUp },
  postgres: { name: NAME, up: postgresUp },
};
