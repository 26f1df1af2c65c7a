// What differs between SQLite and PostgreSQL for a store written once with Kysely (decision 0045).
// Kysely already writes each dialect's placeholders, quoting, ON CONFLICT and RETURNING (both
// engines have them); what is left is here, so a store's queries never ask which engine they run on.
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql, type PostgresPool, type RawBuilder, type SqlBool } from 'kysely';
import { NodeSqliteDialect } from './nodeSqlite.ts';

/** A SELECT that can lock the rows it reads (Kysely's SelectQueryBuilder). */
export interface Lockable<Q> {
  forUpdate(): Q;
  skipLocked(): Q;
}

export interface Engine {
  readonly name: 'sqlite' | 'postgres';
  /**
   * Locks the rows the SELECT reads until the transaction ends (PostgreSQL's FOR UPDATE). SQLite
   * locks the whole file for a transaction from its first statement (BEGIN IMMEDIATE, see
   * NodeSqliteDialect), so it adds nothing there.
   */
  forUpdate<Q extends Lockable<Q>>(query: Q): Q;
  /** Locks the rows it reads, passing over rows another transaction holds: workers leasing at once each get other rows. */
  forUpdateSkipLocked<Q extends Lockable<Q>>(query: Q): Q;
  /**
   * A boolean written as the column keeps it, as a literal (1/0 on SQLite, true/false on PostgreSQL),
   * so that a partial index whose condition names it serves the query.
   */
  bool(value: boolean): RawBuilder<boolean>;
  /** The UTC hour of an instant column, as text 'YYYY-MM-DDTHH' (SQLite keeps instants as ISO text). */
  utcHour(column: string): RawBuilder<string>;
  /**
   * The value for a column numbered in insertion order (an order's number): undefined on PostgreSQL,
   * where the column's identity numbers the row; on SQLite one more than the largest (or `first`),
   * which its single writer keeps unique.
   */
  nextNumber(table: string, column: string, first: number): RawBuilder<number> | undefined;
  /**
   * The column equals one of `values`, given as one parameter whatever their number (an IN list of
   * its own parameters stops at 32,766 on SQLite and 65,535 on PostgreSQL, and costs more to parse):
   * `= ANY($1)` on PostgreSQL, `IN (SELECT value FROM json_each(?))` on SQLite.
   */
  anyOf(column: string, values: readonly (string | number)[]): RawBuilder<SqlBool>;
}

export const sqliteEngine: Engine = {
  name: 'sqlite',
  forUpdate: (query) => query,
  forUpdateSkipLocked: (query) => query,
  bool: (value) => sql<boolean>`${sql.lit(value ? 1 : 0)}`,
  utcHour: (column) => sql<string>`substr(${sql.ref(column)}, 1, 13)`,
  nextNumber: (table, column, first) => sql<number>`(SELECT COALESCE(MAX(${sql.ref(column)}), ${sql.lit(first - 1)}) + 1 FROM ${sql.table(table)})`,
  anyOf: (column, values) => sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`,
};

export const postgresEngine: Engine = {
  name: 'postgres',
  forUpdate: (query) => query.forUpdate(),
  forUpdateSkipLocked: (query) => query.forUpdate().skipLocked(),
  bool: (value) => sql.lit(value),
  utcHour: (column) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`,
  nextNumber: () => undefined,
  anyOf: (column, values) => sql<SqlBool>`${sql.ref(column)} = ANY(${values})`,
};

/** A store's database: the query builder and the engine it runs on. */
export interface SqlDatabase<DB> {
  db: Kysely<DB>;
  engine: Engine;
  /**
   * Runs a compiled statement outside any transaction straight on the driver: Kysely's executor costs
   * about 0.05 ms a query on a busy machine, which a hot read compiled once can do without (preparedQuery).
   */
  run<R>(sql: string, parameters: readonly unknown[]): Promise<R[]>;
}

/** A node:sqlite database as a store's: its pragmas set, its schema migrated and in the end closed by the caller. */
export function sqliteDatabase<DB>(db: DatabaseSync): SqlDatabase<DB> {
  const dialect = new NodeSqliteDialect(db);
  return { db: new Kysely<DB>({ dialect }), engine: sqliteEngine, run: (text, parameters) => dialect.run(text, parameters) };
}

/** What a `pg.Pool` offers besides Kysely's PostgresPool. */
interface PgPool extends PostgresPool {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A PostgreSQL pool (`pg.Pool`) as a store's, ended by the caller. */
export function postgresDatabase<DB>(pool: PgPool): SqlDatabase<DB> {
  return {
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    engine: postgresEngine,
    run: async <R>(text: string, parameters: readonly unknown[]) => (await pool.query(text, [...parameters])).rows as R[],
  };
}

// Reading a row: what each driver answers for the same column.

/** An instant: SQLite keeps ISO text, pg answers a Date for timestamptz. */
export function readInstant(value: string | Date): string {
  return typeof value === 'string' ? value : value.toISOString();
}

/** A JSON column: SQLite keeps text, pg parses jsonb. */
export function readJson<T>(value: string | T): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** A boolean column: SQLite keeps 0/1. */
export function readFlag(value: number | boolean): boolean {
  return value === true || value === 1;
}
