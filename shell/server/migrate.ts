/**
 * Applies the gateway's pending migrations and exits, for those who migrate before deploying
 * (`npm run migrate -w shell`, or the image's migrate command as a one-off job). Reads only the
 * storage part of the gateway's configuration: with DATABASE_URL the contact messages and the
 * release registry in PostgreSQL; otherwise the contact file (CONTACT_DB, else contact.db under
 * DATA_DIR, default `.data` in the repository, as `npm start`), the registry being a JSON file then.
 * `--status` prints what is applied and pending without changing anything.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import * as contact from '../storage/contact/index.ts';
import * as registry from '../storage/registry/index.ts';
import { migratePostgres, migrateSqlite, SchemaTooNewError, type Migration } from 'service-kit/migrations';

class StorageConfigError extends Error {}

type Storage = { databaseUrl: string | undefined; contactDb: string };

function storageFrom(env: NodeJS.ProcessEnv): Storage {
  const set = (name: string) => (env[name] === '' ? undefined : env[name]);
  const databaseUrl = set('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    throw new StorageConfigError('Invalid gateway configuration: DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const repoRoot = path.resolve(import.meta.dirname, '..', '..');
  return { databaseUrl, contactDb: set('CONTACT_DB') ?? path.join(path.resolve(repoRoot, set('DATA_DIR') ?? '.data'), 'contact.db') };
}

function describeStatus(store: string, known: readonly Migration<never>[], applied: string[]): string {
  const names = known.map((migration) => migration.name);
  const pending = names.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !names.includes(name));
  // The same line as the catalogue's migrate command, so the root `npm run migrate -- --status` reads as one table.
  const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');
  const newer = unknown.length > 0 ? `; unknown to this release ${list(unknown)} (a newer release migrated it)` : '';
  return `${store}: applied ${list(applied)}; pending ${list(pending)}${newer}`;
}

function describeRun(store: string, known: readonly Migration<never>[], applied: string[]): string {
  return applied.length > 0 ? `${store}: applied ${applied.join(', ')}` : `${store}: up to date (${known.at(-1)?.name})`;
}

async function onPostgres(databaseUrl: string, status: boolean): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const stores = [
      { store: contact.STORE, migrations: contact.postgresMigrations },
      { store: registry.STORE, migrations: registry.postgresMigrations },
    ];
    const lines: string[] = [];
    for (const { store, migrations } of stores) {
      if (status) {
        const table = await pool.query<{ found: string | null }>(`SELECT to_regclass('schema_migrations') AS found`);
        const applied = table.rows[0]?.found
          ? (await pool.query<{ name: string }>('SELECT name FROM schema_migrations WHERE store = $1 ORDER BY name', [store])).rows.map((row) => row.name)
          : [];
        lines.push(describeStatus(store, migrations, applied));
      } else {
        lines.push(describeRun(store, migrations, (await migratePostgres(pool, store, migrations)).applied));
      }
    }
    return lines;
  } finally {
    await pool.end();
  }
}

async function onSqlite(file: string, status: boolean): Promise<string[]> {
  const { STORE, sqliteMigrations } = contact;
  if (status) {
    if (!existsSync(file)) return [describeStatus(STORE, sqliteMigrations, [])];
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
      const applied = table
        ? (db.prepare('SELECT name FROM schema_migrations WHERE store = ? ORDER BY name').all(STORE) as { name: string }[]).map((row) => row.name)
        : [];
      return [describeStatus(STORE, sqliteMigrations, applied)];
    } finally {
      db.close();
    }
  }
  const db = new DatabaseSync(file, { timeout: 5000 });
  try {
    return [describeRun(STORE, sqliteMigrations, (await migrateSqlite(db, STORE, sqliteMigrations)).applied)];
  } finally {
    db.close();
  }
}

try {
  const storage = storageFrom(process.env);
  const status = process.argv.includes('--status');
  const lines = storage.databaseUrl ? await onPostgres(storage.databaseUrl, status) : await onSqlite(storage.contactDb, status);
  for (const line of lines) console.log(line);
} catch (error) {
  if (!(error instanceof StorageConfigError || error instanceof SchemaTooNewError)) throw error;
  console.error(error.message);
  process.exit(1);
}
