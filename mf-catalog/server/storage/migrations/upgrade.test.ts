// Upgrades keep data: the previous release's catalogue database (fixtures/, made by that release's
// code, see fixtures/make.ts) opened by this release's normal open path ends with the schema the
// migrations make on a fresh database (the committed snapshots), every record kept, and the store
// working on it. A fresh database gets the same schema, and so does one after a bulk load, which
// rebuilds the indexes from the drivers' lists of current indexes.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { generateBatches, generateProduct } from '../../seed/generator.ts';
import { BACKENDS, testConfig, type Backend } from '../../testing/harness.ts';
import { openStore } from '../open.ts';
import type { CatalogStore } from '../repository.ts';
import { expectSchemaSnapshot, postgresSchema, sqliteSchema } from '../../../../tools/kit/schemaSnapshot.ts';

jest.setTimeout(60_000);

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One database of the backend in a temporary place, read directly (not through the store). */
interface Database {
  env: Record<string, string>;
  /** Puts the previous release's fixture there. */
  loadFixture(): Promise<void>;
  schema(): Promise<string>;
  rows(sql: string): Promise<unknown[]>;
  /** Changes it behind the store's back (what a crash leaves). */
  exec(sql: string): Promise<void>;
  cleanup(): Promise<void>;
}

function sqliteDatabase(): Database {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-upgrade-'));
  const file = join(dir, 'catalog.db');
  const read = <T>(body: (db: DatabaseSync) => T): T => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return body(db);
    } finally {
      db.close();
    }
  };
  return {
    env: { SQLITE_PATH: file },
    loadFixture: async () => copyFileSync(join(__dirname, 'fixtures', 'catalog.previous.sqlite'), file),
    schema: async () => read(sqliteSchema),
    rows: async (sql) =>
      read((db) =>
        db
          .prepare(sql)
          .all()
          .map((row) => ({ ...row })),
      ),
    async exec(sql) {
      const db = new DatabaseSync(file);
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresDatabase(): Database {
  const schema = `catalog_upgrade_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 2, options: `-c search_path=${schema}` });
  return {
    env: { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema },
    async loadFixture() {
      const dump = readFileSync(join(__dirname, 'fixtures', 'catalog.previous.pg.sql'), 'utf8');
      // A connection of its own: the dump empties its search_path.
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(dump.replaceAll('__SCHEMA__', schema));
      } finally {
        await client.end();
      }
    },
    schema: () => postgresSchema(pool, schema),
    rows: async (sql) => (await pool.query(sql)).rows,
    exec: async (sql) => void (await pool.query(sql)),
    async cleanup() {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}

const databaseOf = (backend: Backend): Database => (backend === 'sqlite' ? sqliteDatabase() : postgresDatabase());

const snapshotOf = (backend: Backend): string => join(__dirname, `schema.${backend}.snapshot`);

const PRODUCTS = 'SELECT * FROM products ORDER BY id';
const RESERVATIONS = 'SELECT * FROM stock_reservations ORDER BY order_id';
const stockOf = async (store: CatalogStore, id: number) => (await store.getProduct(id))!.stock;

describe.each(BACKENDS)('the catalogue on %s', (backend) => {
  let database: Database;
  let store: CatalogStore | undefined;

  beforeEach(() => {
    database = databaseOf(backend);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    await database.cleanup();
  });

  const open = async () => {
    store = await openStore(testConfig({ ...database.env, SEED_PRODUCTS: '0' }));
    return store;
  };

  it("from the previous release's database: the migrated schema, every record with its values, and a store that works on them", async () => {
    await database.loadFixture();
    const products = await database.rows(PRODUCTS);
    const reservations = await database.rows(RESERVATIONS);
    expect(products).toHaveLength(12);
    expect(reservations).toHaveLength(3);

    const upgraded = await open();
    expectSchemaSnapshot(await database.schema(), snapshotOf(backend));
    expect(await database.rows(PRODUCTS)).toEqual(products);
    expect(await database.rows(RESERVATIONS)).toEqual(reservations);
    expect(await database.rows('SELECT store, name FROM schema_migrations ORDER BY name')).toEqual([
      { store: 'catalog', name: '0001-initial' },
      { store: 'catalog', name: '0002-import-jobs' },
    ]);

    // Read: the products as the previous release wrote them, found by search and by filter.
    expect(await upgraded.getProduct(5)).toMatchObject({ title: 'Walnut Lounge Chair (restocked)', stock: 40, updatedAt: '2026-11-20T10:00:00.000Z' });
    expect(await upgraded.getProduct(4)).toMatchObject({ brand: null, color: null, stock: 3 });
    expect(await upgraded.getProduct(12)).toMatchObject({ title: 'Shop-made Linen Tote', sku: 'OWN-12' });
    expect((await upgraded.listProducts({ q: 'restocked', limit: 5, skip: 0, sortBy: 'id', order: 'asc' })).rows.map((p) => p.id)).toEqual([5]);
    const category = generateProduct(20261121, 1).category;
    const listed = await upgraded.listProducts({ category, limit: 20, skip: 0, sortBy: 'price', order: 'asc' });
    expect(listed.total).toBe((products as { category: string }[]).filter((p) => p.category === category).length);

    // The reservations of the previous release go on: the open one is paid, the paid one stays paid.
    expect(await upgraded.commit('order-reserved')).toMatchObject({ kind: 'ok', reservation: { status: 'committed' } });
    expect(await upgraded.release('order-committed')).toMatchObject({ kind: 'ok', reservation: { status: 'committed' } });
    expect(await stockOf(upgraded, 2)).toBe(89);

    // Write: a new reservation, a new product, a changed one.
    expect(await upgraded.reserve('order-after-upgrade', [{ productId: 7, quantity: 3 }])).toMatchObject({ kind: 'created' });
    expect(await stockOf(upgraded, 7)).toBe(70);
    expect(await upgraded.reserve('order-too-many', [{ productId: 3, quantity: 1 }])).toMatchObject({ kind: 'short', available: 0 });
    const created = await upgraded.createProduct((id) => ({ ...generateProduct(20261121, 60), id, title: 'Porch Lantern After Upgrade' }));
    expect(created.id).toBe(13);
    await upgraded.updateProduct(3, (current) => ({ ...current, stock: 9, title: 'Noise-Cancelling Headphones II' }));
    expect((await upgraded.listProducts({ q: 'lantern after', limit: 5, skip: 0, sortBy: 'id', order: 'asc' })).rows.map((p) => p.id)).toEqual([13]);
    expect((await upgraded.listProducts({ q: 'headphones ii', limit: 5, skip: 0, sortBy: 'id', order: 'asc' })).rows.map((p) => p.id)).toEqual([3]);
    expect(await upgraded.countProducts()).toBe(13);

    // Opening it again applies nothing and changes nothing.
    await upgraded.close();
    store = undefined;
    const before = await database.rows(PRODUCTS);
    await open();
    expect(await database.rows(PRODUCTS)).toEqual(before);
    expect(await database.rows('SELECT name FROM schema_migrations')).toHaveLength(2);
  });

  it('fresh: the same schema, and a store that works', async () => {
    const fresh = await open();
    expectSchemaSnapshot(await database.schema(), snapshotOf(backend));
    await fresh.upsertProducts([generateProduct(7, 1), generateProduct(7, 2)]);
    expect(await fresh.reserve('fresh-order', [{ productId: 2, quantity: 1 }])).toMatchObject({ kind: 'created' });
    const title = generateProduct(7, 2).title;
    expect((await fresh.listProducts({ q: title, limit: 5, skip: 0, sortBy: 'id', order: 'asc' })).rows.map((p) => p.id)).toContain(2);
  });

  it('after a bulk load (indexes and search triggers dropped and put back): still the schema the migrations make', async () => {
    const loaded = await open();
    expect(await loaded.bulkLoad(generateBatches(5, 60, 25))).toBe(60);
    expectSchemaSnapshot(await database.schema(), snapshotOf(backend));
    const title = generateProduct(5, 42).title;
    expect((await loaded.listProducts({ q: title, limit: 60, skip: 0, sortBy: 'id', order: 'asc' })).rows.map((p) => p.id)).toContain(42);
  });

  it('after a bulk load that stopped half-way (indexes gone, search not kept up): the next open restores both', async () => {
    const first = await open();
    await first.upsertProducts([generateProduct(5, 1)]);
    await first.close();
    store = undefined;
    // What a bulk load has done by the time it loads its batches, then rows it loaded before it stopped.
    const interrupted =
      backend === 'sqlite'
        ? 'DROP TRIGGER products_fts_ai; DROP TRIGGER products_fts_ad; DROP TRIGGER products_fts_au; DROP INDEX products_title; DROP INDEX products_price;'
        : 'ALTER TABLE products DISABLE TRIGGER product_search_sync; DROP INDEX products_title; DROP INDEX products_price;';
    await database.exec(interrupted);
    await database.exec(
      `INSERT INTO products (id, title, description, category, price_cents, discount, rating, stock, sku, tags, thumbnail, images, created_at, updated_at)
       VALUES (2, 'Half-loaded Stool', 'Loaded before the stop', 'bags', 100, 0, 4, 1, 'X-2', '[]', 't', '[]', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    );
    const reopened = await open();
    expectSchemaSnapshot(await database.schema(), snapshotOf(backend));
    expect((await reopened.listProducts({ q: 'loaded before the stop', limit: 5, skip: 0, sortBy: 'id', order: 'asc' })).rows.map((p) => p.id)).toEqual([2]);
  });
});
