// A Kysely dialect for Node's own node:sqlite (decision 0045). Kysely's SqliteDialect expects
// better-sqlite3's interface (a statement's `reader`, parameters as one array); this one speaks to
// DatabaseSync directly and adds what the stores need of SQLite's single writer:
// - every transaction begins IMMEDIATE, so it holds the file's write lock from its first statement
//   and what it read stays true until it commits;
// - queries on one file take turns in this process, across every Kysely instance on that file:
//   a second connection's synchronous busy wait would otherwise block the event loop while the
//   first one's open transaction waits for it to run (other processes wait on busy_timeout).
import path from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** Prepared statements a connection keeps: a store runs the same few texts over and over. */
const KEPT_STATEMENTS = 500;

/** A first-come, first-served lock. */
class Turns {
  #last: Promise<void> = Promise.resolve();

  /** Resolves once the caller's turn came, with the function that ends it. */
  take(): Promise<() => void> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const turn = this.#last.then(() => end);
    this.#last = this.#last.then(() => ended);
    return turn;
  }
}

const turnsByFile = new Map<string, Turns>();

/** One lock per file for the whole process; an in-memory database is its own. */
function turnsFor(db: DatabaseSync): Turns {
  const location = db.location();
  if (!location) return new Turns();
  const file = path.resolve(location);
  let turns = turnsByFile.get(file);
  if (!turns) turnsByFile.set(file, (turns = new Turns()));
  return turns;
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= KEPT_STATEMENTS) this.#statements.clear();
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(query.sql);
    const parameters = query.parameters as SQLInputValue[];
    // A statement that answers columns (a SELECT, a write with RETURNING) answers rows.
    if (statement.columns().length > 0) return { rows: statement.all(...parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.#prepare(query.sql).iterate(...(query.parameters as SQLInputValue[]))) yield { rows: [row as R] };
  }
}

class NodeSqliteDriver implements Driver {
  readonly #db: DatabaseSync;
  readonly #connection: NodeSqliteConnection;
  readonly #turns: Turns;
  #endTurn: (() => void) | undefined;

  constructor(db: DatabaseSync, connection: NodeSqliteConnection, turns: Turns) {
    this.#db = db;
    this.#connection = connection;
    this.#turns = turns;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#endTurn = await this.#turns.take();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const end = this.#endTurn;
    this.#endTurn = undefined;
    end?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLite rolls back by itself on some errors (a full disk, say): the caller then sees that error, not this one's.
    if (this.#db.isTransaction) await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}

/** Kysely on a node:sqlite database (traced or not: service-kit's traceSqlite wraps it first). */
export class NodeSqliteDialect implements Dialect {
  readonly #db: DatabaseSync;
  readonly #connection: NodeSqliteConnection;
  readonly #turns: Turns;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#connection = new NodeSqliteConnection(db);
    this.#turns = turnsFor(db);
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#db, this.#connection, this.#turns);
  }

  /** A compiled statement run in its turn outside any transaction, without Kysely's executor (service-kit's preparedQuery). */
  async run<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    const endTurn = await this.#turns.take();
    try {
      return (await this.#connection.executeQuery<R>(CompiledQuery.raw(sql, parameters as unknown[]))).rows as R[];
    } finally {
      endTurn();
    }
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
