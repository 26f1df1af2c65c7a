import type { CatalogConfig } from '../config.ts';
import { PostgresStore } from './postgres.ts';
import type { CatalogStore } from './repository.ts';
import { SqliteStore } from './sqlite.ts';

/** PostgreSQL when DATABASE_URL is configured, the embedded SQLite file otherwise. */
export async function openStore(
  config: Pick<CatalogConfig, 'databaseUrl' | 'databaseSchema' | 'sqlitePath' | 'countCacheTtlMs'>,
): Promise<CatalogStore> {
  return config.databaseUrl
    ? PostgresStore.open(config.databaseUrl, config.databaseSchema, config.countCacheTtlMs)
    : new SqliteStore(config.sqlitePath, config.countCacheTtlMs);
}
