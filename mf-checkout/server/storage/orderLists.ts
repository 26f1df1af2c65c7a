import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { OrderRow, OrdersDatabase, OrdersSql } from './database.ts';
import { withLines } from './queries.ts';
import type { OrderLists, StaffOrderQuery } from './repository.ts';
import { toOrder } from './rows.ts';

/** LIKE's own wildcards in what staff typed are matched literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type OrdersQuery = SelectQueryBuilder<OrdersDatabase, 'orders', OrderRow>;

/**
 * The staff's order list: its filters on `orders`. Each filter is a condition an index of migration
 * 0003 serves (the constants in the payment filters are literals, as its partial index on
 * refunded_cents names them), and the page boundary is a row comparison on (created_at, number), the
 * order of those indexes, so a page deep in the list costs what the first one does.
 */
function staffFilters(query: StaffOrderQuery, orders: OrdersQuery): OrdersQuery {
  let filtered = orders;
  if (query.number !== undefined) filtered = filtered.where('number', '=', query.number);
  if (query.emailPrefix !== undefined) filtered = filtered.where(sql<SqlBool>`lower(email) LIKE ${likePrefix(query.emailPrefix)} ESCAPE '\\'`);
  if (query.status !== undefined) filtered = filtered.where('status', '=', query.status);
  if (query.createdFrom !== undefined) filtered = filtered.where('created_at', '>=', query.createdFrom);
  if (query.createdBefore !== undefined) filtered = filtered.where('created_at', '<', query.createdBefore);
  switch (query.payment) {
    case 'pending':
    case 'failed':
      filtered = filtered.where('status', '=', query.payment);
      break;
    case 'succeeded':
      filtered = filtered.where(sql<SqlBool>`status NOT IN ('pending', 'failed') AND refunded_cents = 0`);
      break;
    case 'partially_refunded':
      filtered = filtered.where(sql<SqlBool>`refunded_cents > 0 AND refunded_cents < total_cents`);
      break;
    case 'refunded':
      filtered = filtered.where(sql<SqlBool>`refunded_cents > 0 AND refunded_cents >= total_cents`);
      break;
    case undefined:
      break;
  }
  const { after } = query;
  if (after) filtered = filtered.where((eb) => eb(eb.refTuple('created_at', 'number'), '<', eb.tuple(after.createdAt, after.number)));
  return filtered;
}

/** The lists of orders: a shopper's, the recovery's and the staff's. */
export function orderLists(store: OrdersSql): OrderLists {
  const { db, engine } = store;
  const orders = () => db.selectFrom('orders').selectAll();
  const withTheirLines = async (rows: Promise<OrderRow[]>) => withLines(store, await rows);
  return {
    listByUid: (uid: string, limit: number) =>
      withTheirLines(orders().where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('number', 'desc').limit(limit).execute()),

    listPendingCreatedBefore: (cutoff: string) =>
      withTheirLines(orders().where('status', '=', 'pending').where('created_at', '<', cutoff).orderBy('created_at').execute()),

    // The flag is a literal: the partial index orders_unsettled names it.
    listUnsettledUpdatedBefore: (cutoff: string) =>
      withTheirLines(
        orders()
          .where('stock_settled', '=', engine.bool(false))
          .where('status', '<>', 'pending')
          .where('updated_at', '<', cutoff)
          .orderBy('updated_at')
          .execute(),
      ),

    async listForStaff(query) {
      const rows = await staffFilters(query, orders()).orderBy('created_at', 'desc').orderBy('number', 'desc').limit(query.limit).execute();
      return rows.map((row) => {
        const { lines: _lines, ...order } = toOrder(row, []);
        return order;
      });
    },
  };
}
