import type pg from 'pg';
import { moveStatusWith } from './eventsPostgres.ts';
import { refundedMessage } from './outboxMessages.ts';
import type { PostgresOutbox } from './outboxPostgres.ts';
import type { PostgresQueries } from './queriesPostgres.ts';
import type { OrderRefund, OrderRefunds } from './repository.ts';
import { toRefund, type OrderRow, type RefundRow } from './rows.ts';

async function refundsOf(client: pg.PoolClient | pg.Pool, orderId: string): Promise<OrderRefund[]> {
  const rows = await client.query<RefundRow>('SELECT * FROM order_refunds WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  return rows.rows.map(toRefund);
}

async function refundById(client: pg.PoolClient | pg.Pool, id: string, lock = false): Promise<OrderRefund> {
  const row = (await client.query<RefundRow>(`SELECT * FROM order_refunds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])).rows[0];
  if (!row) throw new Error(`refund ${id} not found`);
  return toRefund(row);
}

/** Inside a transaction: Stripe's answer recorded on a pending refund, its order and its event (see OrderRepository.finishRefund). */
async function finishRefundWith(
  q: PostgresQueries,
  outbox: PostgresOutbox,
  client: pg.PoolClient,
  refundId: string,
  outcome: { stripeRefundId: string } | { failure: string },
  at: string,
): Promise<OrderRefund> {
  const refund = await refundById(client, refundId, true);
  if (refund.status !== 'pending') return refund;
  const order = (await client.query<OrderRow>('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [refund.orderId])).rows[0]!;
  const staff = refund.staff;
  const event = (type: string, to: string, detail: Record<string, unknown>) =>
    client.query(`INSERT INTO order_events (order_id, type, from_status, to_status, actor, detail, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      refund.orderId,
      type,
      order.status,
      to,
      `staff:${staff.uid}`,
      JSON.stringify({ refundId, amountCents: refund.amountCents, ...detail, staff }),
      at,
    ]);
  if ('failure' in outcome) {
    await client.query(`UPDATE order_refunds SET status = 'failed', failure_message = $1, updated_at = $2 WHERE id = $3`, [outcome.failure, at, refundId]);
    await event('refund_failed', order.status, { message: outcome.failure });
    return refundById(client, refundId);
  }
  await client.query(`UPDATE order_refunds SET status = 'succeeded', stripe_refund_id = $1, updated_at = $2 WHERE id = $3`, [
    outcome.stripeRefundId,
    at,
    refundId,
  ]);
  const refunded = order.refunded_cents + refund.amountCents;
  const next = refunded >= order.total_cents && !['cancelled', 'refunded'].includes(order.status) ? 'refunded' : order.status;
  await client.query('UPDATE orders SET refunded_cents = $1, status = $2, updated_at = $3 WHERE id = $4', [refunded, next, at, refund.orderId]);
  await event('refund_succeeded', next, { stripeRefundId: outcome.stripeRefundId, lines: refund.lines });
  const refundedOrder = await q.loadWith(client, 'SELECT * FROM orders WHERE id = $1', [refund.orderId]);
  await outbox.enqueueWith(client, refundedMessage(refundedOrder!, refund, refunded, at));
  return refundById(client, refundId);
}

/** The refunds on PostgreSQL; a succeeded refund writes its notice to the outbox in its own transaction. */
export function postgresOrderRefunds(q: PostgresQueries, outbox: PostgresOutbox): OrderRefunds {
  return {
    async beginRefund(orderId, requestKey, plan, at) {
      return q.inTransaction(async (client) => {
        // The order's row lock is what makes the planner's view of the refunds current.
        const order = await q.loadWith(client, 'SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
        if (!order) return { kind: 'not_found' as const };
        const existing = (await client.query<RefundRow>('SELECT * FROM order_refunds WHERE order_id = $1 AND request_key = $2', [orderId, requestKey])).rows[0];
        if (existing) return { kind: 'existing' as const, refund: toRefund(existing) };
        const decided = plan(order, await refundsOf(client, orderId));
        if (decided.kind === 'refused') return decided;
        const { refund } = decided;
        if (decided.cancel && !(await moveStatusWith(q, outbox, client, orderId, decided.cancel))) {
          return { kind: 'refused' as const, status: 409, message: `Order ${order.number} is ${order.status} and cannot be cancelled` };
        }
        await client.query(
          `INSERT INTO order_refunds (id, order_id, request_key, request_hash, kind, amount_cents, lines, status, staff_uid, staff_email,
                                      created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9, $10, $10)`,
          [
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
          ],
        );
        return { kind: 'created' as const, refund: await refundById(client, refund.id) };
      });
    },

    async finishRefund(refundId, outcome, at) {
      return q.inTransaction((client) => finishRefundWith(q, outbox, client, refundId, outcome, at));
    },

    async markRefundStockReturned(refundId: string, at: string) {
      await q.query('UPDATE order_refunds SET stock_returned = true, updated_at = $1 WHERE id = $2', [at, refundId]);
    },

    async listRefunds(orderId: string) {
      return refundsOf(q.pool, orderId);
    },

    async listUnfinishedRefundsBefore(cutoff: string) {
      const result = await q.query<RefundRow>(
        `SELECT * FROM order_refunds WHERE (status = 'pending' OR (status = 'succeeded' AND NOT stock_returned)) AND updated_at < $1 ORDER BY updated_at`,
        [cutoff],
      );
      return result.rows.map(toRefund);
    },
  };
}
