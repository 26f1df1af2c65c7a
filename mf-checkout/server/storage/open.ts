import type { CheckoutConfig } from '../config.ts';
import { openPostgresRepository } from './postgres.ts';
import type { OrderRepository } from './repository.ts';
import { openSqliteRepository } from './sqlite.ts';

/** PostgreSQL when DATABASE_URL is configured, the embedded SQLite file otherwise. */
export async function openRepository(config: Pick<CheckoutConfig, 'databaseUrl' | 'sqlitePath'>): Promise<OrderRepository> {
  if (config.databaseUrl) return openPostgresRepository({ connectionString: config.databaseUrl });
  return openSqliteRepository(config.sqlitePath);
}
