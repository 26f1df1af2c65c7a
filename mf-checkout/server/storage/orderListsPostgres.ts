import type { PostgresQueries } from './queriesPostgres.ts';
import type { OrderLists } from './repository.ts';
import { toOrder, type OrderRow } from './rows.ts';
import { staffListWhere } from './staffList.ts';

/** The order lists on PostgreSQL. */
export function postgresOrderLists(q: PostgresQueries): OrderLists {
  return {
    async listByUid(uid: string, limit: number) {
      const result = await q.query<OrderRow>('SELECT * FROM orders WHERE uid = $1 ORDER BY created_at DESC, number DESC LIMIT $2', [uid, limit]);
      return q.withLines(result.rows);
    },

    async listPendingCreatedBefore(cutoff: string) {
      const result = await q.query<OrderRow>(`SELECT * FROM orders WHERE status = 'pending' AND created_at < $1 ORDER BY created_at`, [cutoff]);
      return q.withLines(result.rows);
    },

    async listUnsettledUpdatedBefore(cutoff: string) {
      const result = await q.query<OrderRow>(`SELECT * FROM orders WHERE NOT stock_settled AND status <> 'pending' AND updated_at < $1 ORDER BY updated_at`, [
        cutoff,
      ]);
      return q.withLines(result.rows);
    },

    async listForStaff(staffQuery) {
      const { where, params } = staffListWhere(staffQuery, (n) => `$${n}`);
      const result = await q.query<OrderRow>(`SELECT * FROM orders ${where} ORDER BY created_at DESC, number DESC LIMIT $${params.length + 1}`, [
        ...params,
        staffQuery.limit,
      ]);
      return result.rows.map((row) => {
        const { lines: _lines, ...order } = toOrder(row, []);
        return order;
      });
    },
  };
}
