import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PaymentOutcome } from 'orders-api/facts';
import { preparedQuery, type SlotOf, type SqlDatabase } from 'service-kit/sql';
import type { OrderRow, OrdersDatabase } from './database.ts';
import { withLines } from './queries.ts';
import type { OrderLists, StaffOrderQuery } from './repository.ts';
import { toOrder } from './rows.ts';

/** LIKE's own wildcards in what staff typed are matched literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The staff list's values, flat: each is a slot of its prepared query. */
interface StaffListValues extends Record<string, unknown> {
  number?: number;
  emailPattern?: string;
  status?: string;
  createdFrom?: string;
  createdBefore?: string;
  payment?: PaymentOutcome;
  afterCreatedAt?: string;
  afterNumber?: number;
  limit: number;
}

function staffListValues(query: StaffOrderQuery): StaffListValues {
  const { emailPrefix, after, ...rest } = query;
  return {
    ...rest,
    ...(emailPrefix !== undefined ? { emailPattern: likePrefix(emailPrefix) } : {}),
    ...(after ? { afterCreatedAt: after.createdAt, afterNumber: after.number } : {}),
  };
}

/** What changes the list's SQL: the filters present and the payment outcome asked for. */
const staffListShape = (values: StaffListValues) =>
  `${(['number', 'emailPattern', 'status', 'createdFrom', 'createdBefore', 'afterNumber'] as const).map((name) => (values[name] === undefined ? '-' : '+')).join('')}${values.payment ?? ''}`;

/**
 * The staff's order list, newest first. Each filter is a condition an index of migration 0003
 * serves (the constants in the payment filters are literals, as its partial index on refunded_cents
 * names them), and the page boundary is a row comparison on (created_at, number), the order of those
 * indexes, so a page deep in the list costs what the first one does.
 */
function staffList(orders: SelectQueryBuilder<OrdersDatabase, 'orders', OrderRow>, slot: SlotOf<StaffListValues>, values: StaffListValues) {
  let list = orders;
  if (values.number !== undefined) list = list.where('number', '=', slot('number')!);
  if (values.emailPattern !== undefined) list = list.where(sql<SqlBool>`lower(email) LIKE ${slot('emailPattern')} ESCAPE '\\'`);
  if (values.status !== undefined) list = list.where('status', '=', slot('status')!);
  if (values.createdFrom !== undefined) list = list.where('created_at', '>=', slot('createdFrom')!);
  if (values.createdBefore !== undefined) list = list.where('created_at', '<', slot('createdBefore')!);
  switch (values.payment) {
    case 'pending':
    case 'failed':
      list = list.where('status', '=', slot('payment')!);
      break;
    case 'succeeded':
      list = list.where(sql<SqlBool>`status NOT IN ('pending', 'failed') AND refunded_cents = 0`);
      break;
    case 'partially_refunded':
      list = list.where(sql<SqlBool>`refunded_cents > 0 AND refunded_cents < total_cents`);
      break;
    case 'refunded':
      list = list.where(sql<SqlBool>`refunded_cents > 0 AND refunded_cents >= total_cents`);
      break;
    case undefined:
      break;
  }
  if (values.afterNumber !== undefined) {
    list = list.where((eb) => eb(eb.refTuple('created_at', 'number'), '<', eb.tuple(slot('afterCreatedAt')!, slot('afterNumber')!)));
  }
  return list.orderBy('created_at', 'desc').orderBy('number', 'desc').limit(slot('limit'));
}

/** The lists of orders: a shopper's, the recovery's and the staff's. */
export function orderLists(store: SqlDatabase<OrdersDatabase>): OrderLists {
  const { db, engine } = store;
  const orders = () => db.selectFrom('orders').selectAll();
  const withTheirLines = async (rows: Promise<OrderRow[]>) => withLines(store, await rows);
  // Built and compiled once per set of filters: the list at 1,000,000 orders answers in about a millisecond.
  const staffPage = preparedQuery(store, staffListShape, (slot, values) => staffList(orders(), slot, values));
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
      const rows = await staffPage(staffListValues(query));
      return rows.map((row) => {
        const { lines: _lines, ...order } = toOrder(row, []);
        return order;
      });
    },
  };
}
