import type { CatalogConfig } from '../config.ts';
import { SqlCatalogStore } from './catalogStore.ts';
import { PostgresDriver } from './postgres.ts';
import type { CatalogStore } from './repository.ts';
import { SqliteDriver } from './sqlite.ts';

/** PostgreSQL when DATABASE_URL is configured, the embedded SQLite file otherwise. */
export async function openStore(
  config: Pick<CatalogConfig, 'databaseUrl' | 'databaseReadUrl' | 'databasePoolSize' | 'databaseSchema' | 'sqlitePath' | 'countCacheTtlMs'>,
): Promise<CatalogStore> {
  const driver = config.databaseUrl
    ? await PostgresDriver.open({
        url: config.databaseUrl,
        readUrl: config.databaseReadUrl,
        schema: config.databaseSchema,
        poolSize: config.databasePoolSize,
      })
    : await SqliteDriver.open(config.sqlitePath);
  return SqlCatalogStore.open(driver, config.countCacheTtlMs);
}
