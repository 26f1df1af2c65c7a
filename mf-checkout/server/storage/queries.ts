import type { Order } from '../orders/model.ts';
import type { OrderRow, OrdersSql } from './database.ts';
import { linesByOrder, toOrder } from './rows.ts';

/** The reads and writes that orders, events and refunds share. */

/** Orders of these rows with their lines, in one more query (the recovery's lists may hold thousands). */
export async function withLines({ db, engine }: OrdersSql, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db.selectFrom('order_lines').selectAll().where(engine.anyOf('order_id', ids)).orderBy('position').execute();
  const grouped = linesByOrder(lines);
  return rows.map((row) => toOrder(row, grouped.get(row.id) ?? []));
}

/** The order's row, locked until the transaction ends when `lock` (Engine.forUpdate). */
export function orderRow({ db, engine }: OrdersSql, id: string, lock = false): Promise<OrderRow | undefined> {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return (lock ? engine.forUpdate(query) : query).executeTakeFirst();
}

/** The order with its lines, locked as orderRow. */
export async function orderById(store: OrdersSql, id: string, lock = false): Promise<Order | null> {
  const row = await orderRow(store, id, lock);
  if (!row) return null;
  const [order] = await withLines(store, [row]);
  return order!;
}

/** One status change of an order, without a request key (the checkout's own and the refunds'). */
export async function insertEvent(
  { db }: OrdersSql,
  event: { orderId: string; type: string; from: string | null; to: string; actor: string; detail: Record<string, unknown>; at: string },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      type: event.type,
      from_status: event.from,
      to_status: event.to,
      actor: event.actor,
      detail: JSON.stringify(event.detail),
      at: event.at,
    })
    .execute();
}
