import type { Kysely } from 'kysely';
import type { Engine } from 'service-kit/sql';
import type { CatalogEngine } from './catalogEngine.ts';
import type { CatalogDatabase } from './database.ts';

/**
 * The catalogue's database and the engine under it; inside a transaction `db` is the transaction, so a
 * step written for one runs in the other's. Never reach for the outer `db` inside a transaction: on
 * SQLite it waits for the transaction's own turn (service-kit's NodeSqliteDialect).
 */
export interface CatalogSql {
  db: Kysely<CatalogDatabase>;
  engine: Engine;
  catalog: CatalogEngine;
}

/** Thrown to roll back a transaction whose result says so, and caught again by inTransaction. */
class Rollback<T> {
  readonly result: T;

  constructor(result: T) {
    this.result = result;
  }
}

/**
 * `work` in one transaction (BEGIN IMMEDIATE on SQLite, BEGIN on PostgreSQL, rows locked with
 * Engine.forUpdate), committed when `keep` says so of its result and rolled back otherwise.
 */
export async function inTransaction<T>(store: CatalogSql, work: (inside: CatalogSql) => Promise<T>, keep: (result: T) => boolean = () => true): Promise<T> {
  try {
    return await store.db.transaction().execute(async (trx) => {
      const result = await work({ ...store, db: trx });
      if (!keep(result)) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
}
