import type { OrderStatus } from '../orders/model.ts';
import { inTransaction, type OrdersSql } from './database.ts';
import { shippedMessage } from './outboxMessages.ts';
import { enqueueIn } from './outboxStore.ts';
import { orderById } from './queries.ts';
import type { OrderEvent, OrderEvents, StaffStatusChange } from './repository.ts';
import { toEvent } from './rows.ts';

/** Inside a transaction, with the order's row locked: the compare-and-set and its event (a cancel's too); null when the status or the key says no. */
export async function moveStatusIn(store: OrdersSql, orderId: string, change: StaffStatusChange): Promise<OrderEvent | null> {
  const { db, engine } = store;
  const before = await engine.forUpdate(db.selectFrom('orders').select('status').where('id', '=', orderId)).executeTakeFirst();
  if (!before || !change.from.includes(before.status as OrderStatus)) return null;
  const used = await db.selectFrom('order_events').select('id').where('order_id', '=', orderId).where('request_key', '=', change.requestKey).executeTakeFirst();
  if (used) return null;
  await db.updateTable('orders').set({ status: change.to, updated_at: change.at }).where('id', '=', orderId).execute();
  const row = await db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      type: change.type,
      from_status: before.status,
      to_status: change.to,
      actor: `staff:${change.staff.uid}`,
      detail: JSON.stringify({ ...change.detail, staff: change.staff }),
      at: change.at,
      request_key: change.requestKey,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const event = toEvent(row);
  if (change.to === 'shipped') {
    const notice = shippedMessage((await orderById(store, orderId))!, event);
    if (notice) await enqueueIn(db, notice);
  }
  return event;
}

/** An order's history and the staff's moves that write it; a move to shipped writes its notice to the outbox in the move's transaction. */
export function orderEvents(store: OrdersSql): OrderEvents {
  const { db, engine } = store;
  return {
    async listEvents(orderId: string) {
      const rows = await db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
      return rows.map(toEvent);
    },

    async listEventsOf(orderIds: readonly string[]) {
      const grouped = new Map<string, OrderEvent[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return grouped;
      const rows = await db.selectFrom('order_events').selectAll().where(engine.anyOf('order_id', orderIds)).orderBy('id').execute();
      for (const row of rows) grouped.get(row.order_id)?.push(toEvent(row));
      return grouped;
    },

    moveStatus: (orderId: string, change: StaffStatusChange) => inTransaction(store, (inside) => moveStatusIn(inside, orderId, change)),

    async findEventByRequestKey(orderId: string, requestKey: string) {
      const row = await db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).where('request_key', '=', requestKey).executeTakeFirst();
      return row ? toEvent(row) : null;
    },
  };
}
