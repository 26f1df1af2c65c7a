import type pg from 'pg';
import type { Failure, NewOrder, OrderLine, Totals } from '../orders/model.ts';
import { confirmationMessage } from './outboxMessages.ts';
import type { PostgresOutbox } from './outboxPostgres.ts';
import type { PostgresQueries } from './queriesPostgres.ts';
import type { OrderSteps } from './repository.ts';

/**
 * A compare-and-set status change and its event in one statement: the row is locked, the change
 * made only when \`allowedFrom\` holds for its previous status (\`before.status\`), and the event
 * written only for a change that happened. \`set\` names its own values from $6 on.
 */
async function changeStatus(
  q: PostgresQueries,
  id: string,
  at: string,
  change: { set: string; values: unknown[]; allowedFrom: string },
  event: { type: string; to: string; detail: Record<string, unknown> },
  /** More work of the same transaction, once the change happened. */
  after?: (client: pg.PoolClient) => Promise<void>,
): Promise<boolean> {
  const sql = `WITH before AS (SELECT id, status FROM orders WHERE id = $1 FOR UPDATE),
          moved AS (UPDATE orders SET status = $5, ${change.set}, updated_at = $2
                    FROM before WHERE orders.id = before.id AND ${change.allowedFrom}
                    RETURNING orders.id, before.status AS from_status, COALESCE(orders.payment_source, 'system') AS actor)
     INSERT INTO order_events (order_id, type, from_status, to_status, actor, detail, at)
     SELECT id, $4, from_status, $5, actor, $3, $2 FROM moved`;
  const params = [id, at, JSON.stringify(event.detail), event.type, event.to, ...change.values];
  if (!after) return q.changed(sql, params);
  return q.inTransaction(async (client) => {
    if (((await client.query(sql, params)).rowCount ?? 0) === 0) return false;
    await after(client);
    return true;
  });
}

/** The order steps on PostgreSQL; the confirmation goes into the outbox in markPaid's transaction. */
export function postgresOrderSteps(q: PostgresQueries, outbox: PostgresOutbox): OrderSteps {
  return {
    async createPending(order: NewOrder) {
      const inserted = await q.query(
        `INSERT INTO orders (id, idempotency_key, request_hash, uid, email, billing, status, currency, coupon,
                             created_at, updated_at, lang)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $9, $10)
         ON CONFLICT (idempotency_key) DO NOTHING`,
        [
          order.id,
          order.idempotencyKey,
          order.requestHash,
          order.uid,
          order.email,
          JSON.stringify(order.billing),
          order.currency,
          order.coupon,
          order.createdAt,
          order.lang ?? 'en',
        ],
      );
      const stored = await q.one('SELECT * FROM orders WHERE idempotency_key = $1', [order.idempotencyKey]);
      if (!stored) throw new Error(`order with idempotency key ${order.idempotencyKey} vanished after insert`);
      return { order: stored, created: (inserted.rowCount ?? 0) > 0 };
    },

    async findById(id: string) {
      return q.one('SELECT * FROM orders WHERE id = $1', [id]);
    },

    async recordPricing(id: string, lines: OrderLine[], totals: Totals, at: string) {
      await q.inTransaction(async (client) => {
        await client.query('DELETE FROM order_lines WHERE order_id = $1', [id]);
        for (const [position, line] of lines.entries()) {
          await client.query(
            `INSERT INTO order_lines (order_id, position, product_id, title, unit_cents, quantity, line_cents)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [id, position, line.productId, line.title, line.unitCents, line.quantity, line.lineCents],
          );
        }
        await client.query(
          `UPDATE orders SET subtotal_cents = $1, discount_cents = $2, total_cents = $3, updated_at = $4
           WHERE id = $5 AND status = 'pending'`,
          [totals.subtotalCents, totals.discountCents, totals.totalCents, at, id],
        );
      });
    },

    async markChargeStarted(id: string, paymentSource: string, at: string) {
      return q.changed(
        `UPDATE orders SET charge_started_at = $1, payment_source = $2, updated_at = $1
         WHERE id = $3 AND status = 'pending' AND charge_started_at IS NULL`,
        [at, paymentSource, id],
      );
    },

    async markPaid(id: string, paymentId: string, at: string) {
      return changeStatus(
        q,
        id,
        at,
        {
          set: 'payment_id = $6, failure_code = NULL, failure_message = NULL, stock_settled = false',
          values: [paymentId],
          allowedFrom: `before.status IN ('pending', 'failed')`,
        },
        { type: 'payment_succeeded', to: 'paid', detail: { paymentId } },
        async (client) => {
          const order = await q.loadWith(client, 'SELECT * FROM orders WHERE id = $1', [id]);
          await outbox.enqueueWith(client, confirmationMessage(order!, at));
        },
      );
    },

    async markFailed(id: string, failure: Failure, at: string, options: { onlyIfNotCharged?: boolean } = {}) {
      const guard = options.onlyIfNotCharged ? ' AND orders.charge_started_at IS NULL' : '';
      return changeStatus(
        q,
        id,
        at,
        { set: 'failure_code = $6, failure_message = $7', values: [failure.code, failure.message], allowedFrom: `before.status = 'pending'${guard}` },
        { type: 'payment_failed', to: 'failed', detail: { code: failure.code, message: failure.message } },
      );
    },

    async retireIdempotencyKey(id: string, retryableCodes: readonly string[], at: string) {
      return q.changed(
        `UPDATE orders SET idempotency_key = idempotency_key || ':retired:' || id, updated_at = $1
         WHERE id = $2 AND status = 'failed' AND stock_settled AND failure_code = ANY($3)`,
        [at, id, retryableCodes],
      );
    },

    async markStockSettled(id: string, at: string) {
      await q.query('UPDATE orders SET stock_settled = true, updated_at = $1 WHERE id = $2', [at, id]);
    },
  };
}
