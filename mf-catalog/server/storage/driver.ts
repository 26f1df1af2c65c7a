// The per-engine side of the catalogue store (catalogStore.ts): what sqlite.ts and postgres.ts provide.
import type { ProductRecord } from '../products/model.ts';
import type { CubeRow } from './facetCube.ts';
import type { Dialect, Statement } from './sql.ts';

/** Statements inside one write transaction. */
export interface Transaction {
  all<T>(statement: Statement): Promise<T[]>;
  /** Runs a write; resolves to the number of rows it changed. */
  run(statement: Statement): Promise<number>;
  /** Inserts or replaces (by id) these products, the engine's fastest way. */
  upsert(records: readonly ProductRecord[]): Promise<void>;
}

/**
 * What changed, as told to other processes on the same database: 'stock' when only the stock of
 * these products changed (listings stay valid: none filters or sorts by stock), 'data' otherwise.
 */
export interface ProductChange {
  kind: 'stock' | 'data';
  /** null: any product may have changed (bulk load, clear). */
  ids: readonly number[] | null;
}

/** The per-engine part: running SQL, loading data, and telling other processes about changes. */
export interface SqlDriver {
  readonly dialect: Dialect;
  readonly description: string;
  /** A read outside any transaction (on PostgreSQL, the read replica when one is configured). */
  read<T>(statement: Statement): Promise<T[]>;
  /** Runs body in a write transaction; commits when `keep(result)` is true, rolls back otherwise or on error. */
  transaction<T>(body: (tx: Transaction) => Promise<T>, keep: (result: T) => boolean): Promise<T>;
  /** The facet cube's rows (cubeSql), computed where it does not hold up requests. */
  cubeRows(): Promise<readonly CubeRow[]>;
  upsert(records: readonly ProductRecord[]): Promise<void>;
  clear(): Promise<void>;
  bulkLoad(batches: AsyncIterable<readonly ProductRecord[]>): Promise<number>;
  /** Tells the other processes on this database what changed (nothing to do for a file only this process writes). */
  publish(change: ProductChange): Promise<void>;
  /** Calls listener for the changes other processes publish; resolves once they are being received. */
  subscribe(listener: (change: ProductChange) => void): Promise<void>;
  close(): Promise<void>;
}
