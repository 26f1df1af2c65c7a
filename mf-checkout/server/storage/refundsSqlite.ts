import type { Order } from '../orders/model.ts';
import { moveStatusNow } from './eventsSqlite.ts';
import { refundedMessage } from './outboxMessages.ts';
import type { SqliteOutbox } from './outboxSqlite.ts';
import type { SqliteQueries } from './queriesSqlite.ts';
import type { OrderRefund, OrderRefunds, RefundPlan, RefundStart } from './repository.ts';
import { toRefund, type OrderRow, type RefundRow } from './rows.ts';

function refundById(q: SqliteQueries, id: string): OrderRefund {
  const row = q.db.prepare('SELECT * FROM order_refunds WHERE id = ?').get(id) as RefundRow | undefined;
  if (!row) throw new Error(`refund ${id} not found`);
  return toRefund(row);
}

function refundsOf(q: SqliteQueries, orderId: string): OrderRefund[] {
  return (q.db.prepare('SELECT * FROM order_refunds WHERE order_id = ? ORDER BY created_at, id').all(orderId) as unknown as RefundRow[]).map(toRefund);
}

/** Inside a transaction: the refund already made with this key, or the one `plan` decides (see OrderRepository.beginRefund). */
function beginRefundNow(
  q: SqliteQueries,
  outbox: SqliteOutbox,
  orderId: string,
  requestKey: string,
  plan: (order: Order, refunds: OrderRefund[]) => RefundPlan,
  at: string,
): RefundStart {
  const existing = q.db.prepare('SELECT * FROM order_refunds WHERE order_id = ? AND request_key = ?').get(orderId, requestKey) as RefundRow | undefined;
  if (existing) return { kind: 'existing', refund: toRefund(existing) };
  const order = q.load(q.byId.get(orderId) as OrderRow | undefined);
  if (!order) return { kind: 'not_found' };
  const decided = plan(order, refundsOf(q, orderId));
  if (decided.kind === 'refused') return decided;
  const { refund } = decided;
  if (decided.cancel && !moveStatusNow(q, outbox, orderId, decided.cancel)) {
    return { kind: 'refused', status: 409, message: `Order ${order.number} is ${order.status} and cannot be cancelled` };
  }
  q.db
    .prepare(
      `INSERT INTO order_refunds (id, order_id, request_key, request_hash, kind, amount_cents, lines, status, staff_uid, staff_email,
                                  created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
    )
    .run(
      refund.id,
      orderId,
      requestKey,
      refund.requestHash,
      refund.kind,
      refund.amountCents,
      JSON.stringify(refund.lines),
      refund.staff.uid,
      refund.staff.email,
      at,
      at,
    );
  return { kind: 'created', refund: refundById(q, refund.id) };
}

/** Inside a transaction: Stripe's answer recorded on a pending refund, its order and its event (see OrderRepository.finishRefund). */
function finishRefundNow(
  q: SqliteQueries,
  outbox: SqliteOutbox,
  refundId: string,
  outcome: { stripeRefundId: string } | { failure: string },
  at: string,
): void {
  const { db, insertEvent } = q;
  const refund = refundById(q, refundId);
  if (refund.status !== 'pending') return;
  const order = q.byId.get(refund.orderId) as unknown as OrderRow;
  const staff = { uid: refund.staff.uid, email: refund.staff.email };
  if ('failure' in outcome) {
    db.prepare(`UPDATE order_refunds SET status = 'failed', failure_message = ?, updated_at = ? WHERE id = ?`).run(outcome.failure, at, refundId);
    insertEvent.run(
      refund.orderId,
      'refund_failed',
      order.status,
      order.status,
      `staff:${staff.uid}`,
      JSON.stringify({ refundId, amountCents: refund.amountCents, message: outcome.failure, staff }),
      at,
    );
    return;
  }
  db.prepare(`UPDATE order_refunds SET status = 'succeeded', stripe_refund_id = ?, updated_at = ? WHERE id = ?`).run(outcome.stripeRefundId, at, refundId);
  const refunded = order.refunded_cents + refund.amountCents;
  const fully = refunded >= order.total_cents && !['cancelled', 'refunded'].includes(order.status);
  const next = fully ? 'refunded' : order.status;
  db.prepare('UPDATE orders SET refunded_cents = ?, status = ?, updated_at = ? WHERE id = ?').run(refunded, next, at, refund.orderId);
  insertEvent.run(
    refund.orderId,
    'refund_succeeded',
    order.status,
    next,
    `staff:${staff.uid}`,
    JSON.stringify({ refundId, stripeRefundId: outcome.stripeRefundId, amountCents: refund.amountCents, lines: refund.lines, staff }),
    at,
  );
  outbox.enqueueNow(refundedMessage(q.load(q.byId.get(refund.orderId) as OrderRow | undefined)!, refund, refunded, at));
}

/** The refunds on SQLite; a succeeded refund writes its notice to the outbox in its own transaction. */
export function sqliteOrderRefunds(q: SqliteQueries, outbox: SqliteOutbox): OrderRefunds {
  return {
    async beginRefund(orderId, requestKey, plan, at) {
      let start: RefundStart = { kind: 'not_found' };
      q.transaction(() => {
        start = beginRefundNow(q, outbox, orderId, requestKey, plan, at);
      });
      return start;
    },

    async finishRefund(refundId, outcome, at) {
      q.transaction(() => finishRefundNow(q, outbox, refundId, outcome, at));
      return refundById(q, refundId);
    },

    async markRefundStockReturned(refundId: string, at: string) {
      q.db.prepare('UPDATE order_refunds SET stock_returned = 1, updated_at = ? WHERE id = ?').run(at, refundId);
    },

    async listRefunds(orderId: string) {
      return refundsOf(q, orderId);
    },

    async listUnfinishedRefundsBefore(cutoff: string) {
      const rows = q.db
        .prepare(
          `SELECT * FROM order_refunds WHERE (status = 'pending' OR (status = 'succeeded' AND stock_returned = 0)) AND updated_at < ? ORDER BY updated_at`,
        )
        .all(cutoff) as unknown as RefundRow[];
      return rows.map(toRefund);
    },
  };
}
