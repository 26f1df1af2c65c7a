/**
 * Applies the orders store's pending migrations and exits, for those who migrate before deploying
 * (`npm run migrate -w mf-checkout`, or the image's migrate command as a one-off job). Reads only the
 * storage part of the service's configuration, so it runs without the service's secrets: DATABASE_URL,
 * else SQLITE_PATH, else orders.db under DATA_DIR (default `.data` in the repository, as `npm start`).
 * `--status` prints what is applied and pending without changing anything.
 */
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { postgresMigrations, sqliteMigrations, STORE } from './storage/migrations/index.ts';
import { migratePostgres, migrateSqlite, SchemaTooNewError } from 'service-kit/migrations';
import { connectOrdersPool } from './storage/postgres.ts';
import { connectOrdersDatabase } from './storage/sqlite.ts';
import { storageFrom, StorageConfigError, type StorageLocation } from './storage/location.ts';

type Storage = StorageLocation;

const known = sqliteMigrations.map((migration) => migration.name);

async function appliedNames(config: Storage): Promise<string[]> {
  if (config.databaseUrl) {
    const pool = connectOrdersPool({ connectionString: config.databaseUrl, maxConnections: 1 });
    try {
      const table = await pool.query<{ found: string | null }>(`SELECT to_regclass('schema_migrations') AS found`);
      if (!table.rows[0]?.found) return [];
      return (await pool.query<{ name: string }>('SELECT name FROM schema_migrations WHERE store = $1 ORDER BY name', [STORE])).rows.map((row) => row.name);
    } finally {
      await pool.end();
    }
  }
  if (!existsSync(config.sqlitePath)) return [];
  const db = new DatabaseSync(config.sqlitePath, { readOnly: true });
  try {
    const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
    if (!table) return [];
    return (db.prepare('SELECT name FROM schema_migrations WHERE store = ? ORDER BY name').all(STORE) as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

function describeStatus(applied: string[]): string {
  const pending = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  // The same line as the catalogue's migrate command, so the root `npm run migrate -- --status` reads as one table.
  const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');
  const newer = unknown.length > 0 ? `; unknown to this release ${list(unknown)} (a newer release migrated it)` : '';
  return `${STORE}: applied ${list(applied)}; pending ${list(pending)}${newer}`;
}

async function migrate(config: Storage): Promise<string[]> {
  if (config.databaseUrl) {
    const pool = connectOrdersPool({ connectionString: config.databaseUrl, maxConnections: 1 });
    try {
      return (await migratePostgres(pool, STORE, postgresMigrations)).applied;
    } finally {
      await pool.end();
    }
  }
  const db = connectOrdersDatabase(config.sqlitePath);
  try {
    return (await migrateSqlite(db, STORE, sqliteMigrations)).applied;
  } finally {
    db.close();
  }
}

try {
  const config = storageFrom(process.env);
  if (process.argv.includes('--status')) {
    console.log(describeStatus(await appliedNames(config)));
  } else {
    const applied = await migrate(config);
    console.log(applied.length > 0 ? `${STORE}: applied ${applied.join(', ')}` : `${STORE}: up to date (${known.at(-1)})`);
  }
} catch (error) {
  if (!(error instanceof StorageConfigError || error instanceof SchemaTooNewError)) throw error;
  console.error(error.message);
  process.exit(1);
}
