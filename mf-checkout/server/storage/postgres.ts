import pg from 'pg';
import { migratePostgres } from 'service-kit/migrations';
import { postgresDatabase } from 'service-kit/sql';
import type { OrdersDatabase } from './database.ts';
import { postgresMigrations, STORE } from './migrations/index.ts';
import type { OrderRepository } from './repository.ts';
import { orderStore } from './store.ts';

export interface PostgresOptions {
  connectionString: string;
  /** Schema to create the tables in (tests use a throw-away one); the server's search_path otherwise. */
  schema?: string;
  maxConnections?: number;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A pool on the orders schema; not migrated yet. */
export function connectOrdersPool(options: PostgresOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
  });
  // An idle client that loses its connection emits 'error'; unhandled, that would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** The orders repository on PostgreSQL, migrated first; rows a transaction decides on are locked FOR UPDATE (service-kit's Engine). */
export async function openPostgresRepository(options: PostgresOptions): Promise<OrderRepository> {
  const pool = connectOrdersPool(options);
  // Instances starting together take turns on the runner's lock; SchemaTooNewError if a newer release migrated it.
  try {
    await migratePostgres(pool, STORE, postgresMigrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return orderStore(postgresDatabase<OrdersDatabase>(pool), () => pool.end());
}
