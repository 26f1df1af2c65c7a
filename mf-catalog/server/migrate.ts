// Brings the catalogue database the service is configured with up to date, for those who migrate
// before deploying (the service also migrates at start):
//   node mf-catalog/server/migrate.ts            applies what is pending, one line per store
//   node mf-catalog/server/migrate.ts --status   what is applied and pending; changes nothing
// Reads the service's configuration: DATABASE_URL (and DATABASE_SCHEMA), else SQLITE_PATH, else
// catalog.db in DATA_DIR. Exits 1 when the database was migrated by a newer release.
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { cliConfig, fail } from './cli/context.ts';
import { migrateCatalogPostgres, migrateCatalogSqlite, postgresStatus, sqliteStatus, STORE, type MigrationStatus } from './storage/migrations/index.ts';
import { SchemaTooNewError, type MigrationReport } from './storage/migrations/runner.ts';
import { schemaPool } from './storage/postgres.ts';

const list = (names: readonly string[]): string => (names.length > 0 ? names.join(', ') : 'none');

function statusLine(status: MigrationStatus): string {
  const unknown = status.unknown.length > 0 ? `; unknown to this release ${list(status.unknown)} (a newer release migrated it)` : '';
  return `${STORE}: applied ${list(status.applied)}; pending ${list(status.pending)}${unknown}`;
}

function reportLine(report: MigrationReport, status: MigrationStatus): string {
  return report.applied.length > 0 ? `${STORE}: applied ${list(report.applied)}` : `${STORE}: up to date (${status.applied.at(-1) ?? 'no migrations'})`;
}

const { values } = (() => {
  try {
    return parseArgs({ options: { status: { type: 'boolean', default: false } } });
  } catch (error) {
    return fail(`${(error as Error).message}; usage: migrate.ts [--status]`);
  }
})();
const config = cliConfig();

/** The configured database's migration state and runner, for the time `body` runs. */
async function withDatabase<T>(body: (database: { status(): Promise<MigrationStatus>; migrate(): Promise<MigrationReport> }) => Promise<T>): Promise<T> {
  if (config.databaseUrl) {
    const pool = schemaPool(config.databaseUrl, { schema: config.databaseSchema, poolSize: 2 });
    try {
      return await body({ status: () => postgresStatus(pool, config.databaseSchema), migrate: () => migrateCatalogPostgres(pool, config.databaseSchema) });
    } finally {
      await pool.end();
    }
  }
  // Asking for the status of a file that does not exist yet must not create it.
  const db = new DatabaseSync(values.status && !existsSync(config.sqlitePath) ? ':memory:' : config.sqlitePath);
  try {
    // A running service may be writing: wait for its transaction rather than fail.
    db.exec('PRAGMA busy_timeout = 5000');
    return await body({ status: async () => sqliteStatus(db), migrate: () => migrateCatalogSqlite(db) });
  } finally {
    db.close();
  }
}

try {
  const line = await withDatabase(async (database) => {
    if (!values.status) return reportLine(await database.migrate(), await database.status());
    const status = await database.status();
    if (status.unknown.length > 0) process.exitCode = 1;
    return statusLine(status);
  });
  console.log(line);
} catch (error) {
  console.error(error instanceof SchemaTooNewError ? error.message : `${STORE}: migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
