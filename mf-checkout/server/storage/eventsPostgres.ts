import type pg from 'pg';
import type { OrderStatus } from '../orders/model.ts';
import { shippedMessage } from './outboxMessages.ts';
import type { PostgresOutbox } from './outboxPostgres.ts';
import type { PostgresQueries } from './queriesPostgres.ts';
import type { OrderEvent, OrderEvents, StaffStatusChange } from './repository.ts';
import { toEvent, type EventRow } from './rows.ts';

/** Inside a transaction, with the order's row locked: the compare-and-set and its event (a cancel's too). */
export async function moveStatusWith(
  q: PostgresQueries,
  outbox: PostgresOutbox,
  client: pg.PoolClient,
  orderId: string,
  change: StaffStatusChange,
): Promise<OrderEvent | null> {
  const before = (await client.query<{ status: string }>('SELECT status FROM orders WHERE id = $1 FOR UPDATE', [orderId])).rows[0];
  if (!before || !change.from.includes(before.status as OrderStatus)) return null;
  const used = await client.query('SELECT 1 FROM order_events WHERE order_id = $1 AND request_key = $2', [orderId, change.requestKey]);
  if ((used.rowCount ?? 0) > 0) return null;
  await client.query('UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3', [change.to, change.at, orderId]);
  const inserted = await client.query<EventRow>(
    `INSERT INTO order_events (order_id, type, from_status, to_status, actor, detail, at, request_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      orderId,
      change.type,
      before.status,
      change.to,
      `staff:${change.staff.uid}`,
      JSON.stringify({ ...change.detail, staff: change.staff }),
      change.at,
      change.requestKey,
    ],
  );
  const event = toEvent(inserted.rows[0]!);
  if (change.to === 'shipped') {
    const notice = shippedMessage((await q.loadWith(client, 'SELECT * FROM orders WHERE id = $1', [orderId]))!, event);
    if (notice) await outbox.enqueueWith(client, notice);
  }
  return event;
}

/** The order events on PostgreSQL; a move to shipped writes its notice to the outbox in the move's transaction. */
export function postgresOrderEvents(q: PostgresQueries, outbox: PostgresOutbox): OrderEvents {
  return {
    async listEvents(orderId: string) {
      const result = await q.query<EventRow>('SELECT * FROM order_events WHERE order_id = $1 ORDER BY id', [orderId]);
      return result.rows.map(toEvent);
    },

    async listEventsOf(orderIds: readonly string[]) {
      const grouped = new Map<string, OrderEvent[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return grouped;
      const result = await q.query<EventRow>('SELECT * FROM order_events WHERE order_id = ANY($1) ORDER BY id', [orderIds]);
      for (const row of result.rows) grouped.get(row.order_id)?.push(toEvent(row));
      return grouped;
    },

    async moveStatus(orderId: string, change: StaffStatusChange) {
      return q.inTransaction((client) => moveStatusWith(q, outbox, client, orderId, change));
    },

    async findEventByRequestKey(orderId: string, requestKey: string) {
      const row = (await q.query<EventRow>('SELECT * FROM order_events WHERE order_id = $1 AND request_key = $2', [orderId, requestKey])).rows[0];
      return row ? toEvent(row) : null;
    },
  };
}
