// The catalogue's migrations, in the order they run, and how the store and the migrate command apply
// them. A schema change is a new module here (NNNN-what-it-does.ts) added at the end of both lists.
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { initial } from './0001-initial.ts';
import { importJobs } from './0002-import-jobs.ts';
import { migratePostgres, migrateSqlite, type Migration, type MigrationReport } from './runner.ts';

/** The catalogue's name in schema_migrations. */
export const STORE = 'catalog';

export const sqliteMigrations: readonly Migration<DatabaseSync>[] = [initial.sqlite, importJobs.sqlite];

export const postgresMigrations: readonly Migration<pg.PoolClient>[] = [initial.postgres, importJobs.postgres];

export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export function migrateCatalogSqlite(db: DatabaseSync): Promise<MigrationReport> {
  return migrateSqlite(db, STORE, sqliteMigrations);
}

/**
 * Creates the schema when missing, then migrates it. The pool's search_path names the schema first:
 * the runner locks and records by current_schema(), which skips a schema that does not exist yet.
 */
export async function migrateCatalogPostgres(pool: pg.Pool, schema: string): Promise<MigrationReport> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Concurrent IF NOT EXISTS creations of one schema can collide (a duplicate pg_namespace row).
    await client.query("SELECT pg_advisory_xact_lock(hashtext('mf-catalog schema'))");
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return migratePostgres(pool, STORE, postgresMigrations);
}

/** What a database holds against what this release knows, without changing anything. */
export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Applied by a newer release: this one refuses to start on the database. */
  unknown: string[];
}

function statusOf(applied: readonly string[], known: readonly Migration<unknown>[]): MigrationStatus {
  const names = known.map((migration) => migration.name);
  return {
    applied: names.filter((name) => applied.includes(name)),
    pending: names.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !names.includes(name)),
  };
}

export function sqliteStatus(db: DatabaseSync): MigrationStatus {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const applied = table ? (db.prepare('SELECT name FROM schema_migrations WHERE store = ? ORDER BY name').all(STORE) as { name: string }[]) : [];
  return statusOf(
    applied.map((row) => row.name),
    sqliteMigrations as readonly Migration<unknown>[],
  );
}

export async function postgresStatus(pool: pg.Pool, schema: string): Promise<MigrationStatus> {
  const table = await pool.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'schema_migrations'", [schema]);
  const applied =
    table.rowCount === 0
      ? []
      : (await pool.query<{ name: string }>(`SELECT name FROM ${quoteIdentifier(schema)}.schema_migrations WHERE store = $1 ORDER BY name`, [STORE])).rows;
  return statusOf(
    applied.map((row) => row.name),
    postgresMigrations as readonly Migration<unknown>[],
  );
}
