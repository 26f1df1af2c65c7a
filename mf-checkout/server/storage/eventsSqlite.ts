import type { OrderStatus } from '../orders/model.ts';
import { shippedMessage } from './outboxMessages.ts';
import type { SqliteOutbox } from './outboxSqlite.ts';
import type { SqliteQueries } from './queriesSqlite.ts';
import type { OrderEvent, OrderEvents, StaffStatusChange } from './repository.ts';
import { toEvent, type EventRow, type OrderRow } from './rows.ts';

/** Inside a transaction: the compare-and-set and its event (a cancel's too); null when the status or the key says no. */
export function moveStatusNow(q: SqliteQueries, outbox: SqliteOutbox, orderId: string, change: StaffStatusChange): OrderEvent | null {
  const { db } = q;
  const used = db.prepare('SELECT 1 FROM order_events WHERE order_id = ? AND request_key = ?').get(orderId, change.requestKey);
  if (used) return null;
  const before = q.statusOf.get(orderId) as { status: string } | undefined;
  if (!before || !change.from.includes(before.status as OrderStatus)) return null;
  db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?').run(change.to, change.at, orderId);
  const detail = { ...change.detail, staff: change.staff };
  const row = db
    .prepare(
      `INSERT INTO order_events (order_id, type, from_status, to_status, actor, detail, at, request_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      orderId,
      change.type,
      before.status,
      change.to,
      `staff:${change.staff.uid}`,
      JSON.stringify(detail),
      change.at,
      change.requestKey,
    ) as unknown as EventRow;
  const event = toEvent(row);
  if (change.to === 'shipped') {
    const notice = shippedMessage(q.load(q.byId.get(orderId) as OrderRow | undefined)!, event);
    if (notice) outbox.enqueueNow(notice);
  }
  return event;
}

/** The order events on SQLite; a move to shipped writes its notice to the outbox in the move's transaction. */
export function sqliteOrderEvents(q: SqliteQueries, outbox: SqliteOutbox): OrderEvents {
  const { db } = q;
  return {
    async listEvents(orderId: string) {
      const rows = db.prepare('SELECT * FROM order_events WHERE order_id = ? ORDER BY id').all(orderId) as unknown as EventRow[];
      return rows.map(toEvent);
    },

    async listEventsOf(orderIds: readonly string[]) {
      const grouped = new Map<string, OrderEvent[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return grouped;
      const rows = db
        .prepare(`SELECT * FROM order_events WHERE order_id IN (${orderIds.map(() => '?').join(',')}) ORDER BY id`)
        .all(...orderIds) as unknown as EventRow[];
      for (const row of rows) grouped.get(row.order_id)?.push(toEvent(row));
      return grouped;
    },

    async moveStatus(orderId: string, change: StaffStatusChange) {
      let event: OrderEvent | null = null;
      q.transaction(() => {
        event = moveStatusNow(q, outbox, orderId, change);
      });
      return event;
    },

    async findEventByRequestKey(orderId: string, requestKey: string) {
      const row = db.prepare('SELECT * FROM order_events WHERE order_id = ? AND request_key = ?').get(orderId, requestKey) as EventRow | undefined;
      return row ? toEvent(row) : null;
    },
  };
}
