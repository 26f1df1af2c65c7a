// The stores' one migration runner: the catalogue, the orders and the gateway's contact messages and
// release registry each keep their own migrations and call it (decisions 0026 and 0045).
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { Umzug, type RunnableMigration, type UmzugStorage } from 'umzug';

/**
 * One change of a store's schema, named `NNNN-what-it-does` so that names sort in the order they
 * run. Once released a migration is never edited: the next change is a new migration (decision 0026).
 */
export interface Migration<Db> {
  name: string;
  up: (db: Db) => void | Promise<void>;
}

/** The database was migrated by a newer release than the one starting on it. */
export class SchemaTooNewError extends Error {}

/** Applied migrations of every store of one database, one row each. */
const TABLE = 'schema_migrations';

/** What a run did: the migrations it applied, in order (empty when the schema was up to date). */
export type MigrationReport = { store: string; applied: string[] };

function tooNew(store: string, executed: readonly string[], known: readonly Migration<unknown>[]): SchemaTooNewError | undefined {
  const names = new Set(known.map((migration) => migration.name));
  const unknown = executed.filter((name) => !names.has(name));
  if (unknown.length === 0) return undefined;
  return new SchemaTooNewError(
    `the ${store} database has migration ${unknown.join(', ')}, which this release does not know (it knows up to ${known.at(-1)?.name ?? 'none'}): a newer release migrated it; run that release, or restore the backup taken before the upgrade`,
  );
}

async function runUmzug<Db extends object>(store: string, db: Db, migrations: readonly Migration<Db>[], storage: UmzugStorage<Db>): Promise<MigrationReport> {
  const executed = await storage.executed({ context: db });
  const refusal = tooNew(store, executed, migrations as readonly Migration<unknown>[]);
  if (refusal) throw refusal;
  const umzug = new Umzug<Db>({
    migrations: migrations.map((migration): RunnableMigration<Db> => ({ name: migration.name, up: async ({ context }) => migration.up(context) })),
    context: db,
    storage,
    logger: undefined,
  });
  const applied = await umzug.up();
  return { store, applied: applied.map((migration) => migration.name) };
}

/**
 * Brings one store of a SQLite file up to date. The whole run is one IMMEDIATE transaction: it holds
 * the file's write lock, so a second process opening the same file waits (busy timeout) and then finds
 * every migration applied; a migration that fails leaves the schema as it was. Foreign keys are off
 * while it runs, as SQLite requires for rebuilding a referenced table, and checked before the commit.
 */
export async function migrateSqlite(db: DatabaseSync, store: string, migrations: readonly Migration<DatabaseSync>[]): Promise<MigrationReport> {
  const foreignKeys = Number((db.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys);
  db.exec('PRAGMA foreign_keys = OFF');
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (store TEXT NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (store, name))`);
    const storage: UmzugStorage<DatabaseSync> = {
      async executed() {
        return (db.prepare(`SELECT name FROM ${TABLE} WHERE store = ? ORDER BY name`).all(store) as { name: string }[]).map((row) => row.name);
      },
      async logMigration({ name }) {
        db.prepare(`INSERT INTO ${TABLE} (store, name, applied_at) VALUES (?, ?, ?)`).run(store, name, new Date().toISOString());
      },
      async unlogMigration({ name }) {
        db.prepare(`DELETE FROM ${TABLE} WHERE store = ? AND name = ?`).run(store, name);
      },
    };
    const report = await runUmzug(store, db, migrations, storage);
    const broken = db.prepare('PRAGMA foreign_key_check').all();
    if (broken.length > 0) throw new Error(`the ${store} migrations left ${broken.length} rows whose foreign key points nowhere`);
    db.exec('COMMIT');
    return report;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.exec(`PRAGMA foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}

/**
 * Brings one store of a PostgreSQL schema up to date. Instances starting together take turns on an
 * advisory lock named after the schema, so each migration is applied once; the run is
 * one transaction (PostgreSQL's DDL is transactional), so a failure leaves the schema as it was.
 */
export async function migratePostgres(pool: pg.Pool, store: string, migrations: readonly Migration<pg.PoolClient>[]): Promise<MigrationReport> {
  const client = await pool.connect();
  // One lock for every store of the schema: their first runs create the shared table, and PostgreSQL's
  // IF NOT EXISTS is not safe against a concurrent creator (a duplicate pg_type row).
  const lock = 'storefront.migrations';
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext(current_schema() || '.' || $1))`, [lock]);
    await client.query('BEGIN');
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (store text NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (store, name))`,
    );
    const storage: UmzugStorage<pg.PoolClient> = {
      async executed() {
        return (await client.query<{ name: string }>(`SELECT name FROM ${TABLE} WHERE store = $1 ORDER BY name`, [store])).rows.map((row) => row.name);
      },
      async logMigration({ name }) {
        await client.query(`INSERT INTO ${TABLE} (store, name) VALUES ($1, $2)`, [store, name]);
      },
      async unlogMigration({ name }) {
        await client.query(`DELETE FROM ${TABLE} WHERE store = $1 AND name = $2`, [store, name]);
      },
    };
    const report = await runUmzug(store, client, migrations, storage);
    await client.query('COMMIT');
    return report;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext(current_schema() || '.' || $1))`, [lock]).catch(() => undefined);
    client.release();
  }
}
