import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { Order } from '../orders/model.ts';
import { linesByOrder, toOrder, type LineRow, type OrderRow } from './rows.ts';

/** The database's statements and ways of reading and writing that every part of the SQLite repository shares. */
export interface SqliteQueries {
  db: DatabaseSync;
  /** BEGIN IMMEDIATE: the write lock from the start, so what `work` reads stays true until it commits. */
  transaction(work: () => void): void;
  /** Orders of these rows with their lines, in one more query. */
  withLines(rows: OrderRow[]): Order[];
  load(row: OrderRow | undefined): Order | null;
  /** Whether the statement changed a row. */
  changes(sql: string, ...params: SQLInputValue[]): boolean;
  /** The order's row by id. */
  byId: StatementSync;
  /** The order's status by id. */
  statusOf: StatementSync;
  /** An event without a request key: order_id, type, from_status, to_status, actor, detail, at. */
  insertEvent: StatementSync;
}

/** The shared statements on an orders database. */
export function sqliteQueries(db: DatabaseSync): SqliteQueries {
  const linesOf = db.prepare('SELECT * FROM order_lines WHERE order_id = ? ORDER BY position');
  return {
    db,
    byId: db.prepare('SELECT * FROM orders WHERE id = ?'),
    statusOf: db.prepare('SELECT status FROM orders WHERE id = ?'),
    insertEvent: db.prepare(`INSERT INTO order_events (order_id, type, from_status, to_status, actor, detail, at)
                             VALUES (?, ?, ?, ?, ?, ?, ?)`),

    transaction(work) {
      db.exec('BEGIN IMMEDIATE');
      try {
        work();
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },

    withLines(rows) {
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const lineRows = db
        .prepare(`SELECT * FROM order_lines WHERE order_id IN (${ids.map(() => '?').join(',')}) ORDER BY position`)
        .all(...ids) as unknown as LineRow[];
      const grouped = linesByOrder(lineRows);
      return rows.map((row) => toOrder(row, grouped.get(row.id) ?? []));
    },

    load(row) {
      if (!row) return null;
      return toOrder(row, linesOf.all(row.id) as unknown as LineRow[]);
    },

    changes(sql, ...params) {
      return Number(db.prepare(sql).run(...params).changes) > 0;
    },
  };
}
