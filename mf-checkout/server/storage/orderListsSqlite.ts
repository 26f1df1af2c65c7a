import type { SQLInputValue } from 'node:sqlite';
import type { SqliteQueries } from './queriesSqlite.ts';
import type { OrderLists } from './repository.ts';
import { toOrder, type OrderRow } from './rows.ts';
import { staffListWhere } from './staffList.ts';

/** The order lists on SQLite. */
export function sqliteOrderLists(q: SqliteQueries): OrderLists {
  const { db, withLines } = q;
  return {
    async listByUid(uid: string, limit: number) {
      const rows = db.prepare('SELECT * FROM orders WHERE uid = ? ORDER BY created_at DESC, number DESC LIMIT ?').all(uid, limit) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listPendingCreatedBefore(cutoff: string) {
      const rows = db.prepare(`SELECT * FROM orders WHERE status = 'pending' AND created_at < ? ORDER BY created_at`).all(cutoff) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listUnsettledUpdatedBefore(cutoff: string) {
      const rows = db
        .prepare(
          `SELECT * FROM orders WHERE stock_settled = 0 AND status <> 'pending' AND updated_at < ?
                  ORDER BY updated_at`,
        )
        .all(cutoff) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listForStaff(query) {
      const { where, params } = staffListWhere(query, () => '?');
      const rows = db
        .prepare(`SELECT * FROM orders ${where} ORDER BY created_at DESC, number DESC LIMIT ?`)
        .all(...(params as SQLInputValue[]), query.limit) as unknown as OrderRow[];
      return rows.map((row) => {
        const { lines: _lines, ...order } = toOrder(row, []);
        return order;
      });
    },
  };
}
