import pg from 'pg';
import { postgresOrderEvents } from './eventsPostgres.ts';
import { postgresOrderFigures } from './figuresPostgres.ts';
import { postgresMigrations, STORE } from './migrations/index.ts';
import { migratePostgres } from 'service-kit/migrations';
import { postgresOrderLists } from './orderListsPostgres.ts';
import { postgresOrderSteps } from './ordersPostgres.ts';
import { createPostgresOutbox } from './outboxPostgres.ts';
import { postgresQueries } from './queriesPostgres.ts';
import { postgresOrderRefunds } from './refundsPostgres.ts';
import type { OrderRepository } from './repository.ts';

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

/** The orders repository on PostgreSQL, migrated first: orders, lists, events and refunds each in their own *Postgres.ts module. */
export async function openPostgresRepository(options: PostgresOptions): Promise<OrderRepository> {
  const pool = connectOrdersPool(options);
  // Instances starting together take turns on the runner's lock; SchemaTooNewError if a newer release migrated it.
  try {
    await migratePostgres(pool, STORE, postgresMigrations);
  } catch (error) {
    await pool.end();
    throw error;
  }

  const outbox = createPostgresOutbox(pool);
  const queries = postgresQueries(pool);
  return {
    ...postgresOrderSteps(queries, outbox),
    ...postgresOrderLists(queries),
    ...postgresOrderFigures(queries),
    ...postgresOrderEvents(queries, outbox),
    ...postgresOrderRefunds(queries, outbox),
    outbox,

    async close() {
      await pool.end();
    },
  };
}
