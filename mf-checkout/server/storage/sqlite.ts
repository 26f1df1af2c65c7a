import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { traceSqlite } from 'service-kit';
import { migrateSqlite } from 'service-kit/migrations';
import { sqliteDatabase } from 'service-kit/sql';
import type { OrdersDatabase } from './database.ts';
import { sqliteMigrations, STORE } from './migrations/index.ts';
import type { OrderRepository } from './repository.ts';
import { orderStore } from './store.ts';

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
 * Embedded default. The store's queries run through service-kit's node:sqlite dialect: every
 * transaction begins IMMEDIATE (the file's write lock from its first statement), and the queries of
 * this process on the file take turns; WAL plus a busy timeout lets other processes share the file.
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
  return orderStore(sqliteDatabase<OrdersDatabase>(db), async () => {
    if (db.isOpen) db.close();
  });
}
