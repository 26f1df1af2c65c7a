import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { traceSqlite } from 'service-kit';
import { sqliteOrderEvents } from './eventsSqlite.ts';
import { sqliteOrderFigures } from './figuresSqlite.ts';
import { sqliteMigrations, STORE } from './migrations/index.ts';
import { migrateSqlite } from 'service-kit/migrations';
import { sqliteOrderLists } from './orderListsSqlite.ts';
import { sqliteOrderSteps } from './ordersSqlite.ts';
import { createSqliteOutbox } from './outboxSqlite.ts';
import { sqliteQueries } from './queriesSqlite.ts';
import { sqliteOrderRefunds } from './refundsSqlite.ts';
import type { OrderRepository } from './repository.ts';

/** The orders file with the pragmas every connection to it needs; not migrated yet. */
export function connectOrdersDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  // Each statement a span of the request's trace when tracing is on (service-kit); untouched otherwise.
  const db = traceSqlite(new DatabaseSync(file));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA busy_timeout = 5000');
  // FULL, not NORMAL: a paid order must survive a power cut, not only a process crash.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

/**
 * Embedded default. node:sqlite is synchronous, so each method runs to completion without
 * interleaving inside this process; WAL plus a busy timeout lets other processes share the file.
 * Orders, lists, events and refunds each live in their own *Sqlite.ts module.
 */
export async function openSqliteRepository(file: string): Promise<OrderRepository> {
  const db = connectOrdersDatabase(file);
  // Brought to this release's schema before anything reads it; SchemaTooNewError if a newer release migrated it.
  try {
    await migrateSqlite(db, STORE, sqliteMigrations);
  } catch (error) {
    db.close();
    throw error;
  }

  const outbox = createSqliteOutbox(db);
  const queries = sqliteQueries(db);
  return {
    ...sqliteOrderSteps(queries, outbox),
    ...sqliteOrderLists(queries),
    ...sqliteOrderFigures(queries),
    ...sqliteOrderEvents(queries, outbox),
    ...sqliteOrderRefunds(queries, outbox),
    outbox,

    async close() {
      if (db.isOpen) db.close();
    },
  };
}
