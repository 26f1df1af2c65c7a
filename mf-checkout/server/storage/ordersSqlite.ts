import type { SQLInputValue } from 'node:sqlite';
import type { Failure, NewOrder, OrderLine, Totals } from '../orders/model.ts';
import { confirmationMessage } from './outboxMessages.ts';
import type { SqliteOutbox } from './outboxSqlite.ts';
import type { SqliteQueries } from './queriesSqlite.ts';
import type { OrderSteps } from './repository.ts';
import type { OrderRow } from './rows.ts';

/** A compare-and-set status change (an UPDATE ... RETURNING the actor) and its event, in one transaction. */
function changeStatus(
  q: SqliteQueries,
  id: string,
  update: string,
  params: SQLInputValue[],
  event: { type: string; to: string; detail: Record<string, unknown>; at: string },
  /** More work of the same transaction, once the change happened. */
  after?: () => void,
): boolean {
  let changed = false;
  q.transaction(() => {
    const before = q.statusOf.get(id) as { status: string } | undefined;
    const row = q.db.prepare(update).get(...params) as { actor: string } | undefined;
    if (!row) return;
    q.insertEvent.run(id, event.type, before?.status ?? null, event.to, row.actor, JSON.stringify(event.detail), event.at);
    after?.();
    changed = true;
  });
  return changed;
}

/** The order steps on SQLite; the confirmation goes into the outbox in markPaid's transaction. */
export function sqliteOrderSteps(q: SqliteQueries, outbox: SqliteOutbox): OrderSteps {
  const { db, byId, load } = q;
  const insertOrder = db.prepare(`
    INSERT INTO orders (id, number, idempotency_key, request_hash, uid, email, billing, status, currency, coupon,
                        lang, created_at, updated_at)
    VALUES ($id, (SELECT COALESCE(MAX(number), 1000) + 1 FROM orders), $key, $hash, $uid, $email, $billing,
            'pending', $currency, $coupon, $lang, $at, $at)
    ON CONFLICT (idempotency_key) DO NOTHING`);
  const byKey = db.prepare('SELECT * FROM orders WHERE idempotency_key = ?');

  return {
    async createPending(order: NewOrder) {
      const result = insertOrder.run({
        $id: order.id,
        $key: order.idempotencyKey,
        $hash: order.requestHash,
        $uid: order.uid,
        $email: order.email,
        $billing: JSON.stringify(order.billing),
        $currency: order.currency,
        $coupon: order.coupon,
        $lang: order.lang ?? 'en',
        $at: order.createdAt,
      });
      const stored = load(byKey.get(order.idempotencyKey) as OrderRow | undefined);
      if (!stored) throw new Error(`order with idempotency key ${order.idempotencyKey} vanished after insert`);
      return { order: stored, created: Number(result.changes) > 0 };
    },

    async findById(id: string) {
      return load(byId.get(id) as OrderRow | undefined);
    },

    async recordPricing(id: string, lines: OrderLine[], totals: Totals, at: string) {
      q.transaction(() => {
        db.prepare('DELETE FROM order_lines WHERE order_id = ?').run(id);
        const insert = db.prepare(`INSERT INTO order_lines (order_id, position, product_id, title, unit_cents, quantity, line_cents)
                                   VALUES (?, ?, ?, ?, ?, ?, ?)`);
        lines.forEach((line, position) => insert.run(id, position, line.productId, line.title, line.unitCents, line.quantity, line.lineCents));
        db.prepare(
          `UPDATE orders SET subtotal_cents = ?, discount_cents = ?, total_cents = ?, updated_at = ?
                    WHERE id = ? AND status = 'pending'`,
        ).run(totals.subtotalCents, totals.discountCents, totals.totalCents, at, id);
      });
    },

    async markChargeStarted(id: string, paymentSource: string, at: string) {
      return q.changes(
        `UPDATE orders SET charge_started_at = ?, payment_source = ?, updated_at = ?
         WHERE id = ? AND status = 'pending' AND charge_started_at IS NULL`,
        at,
        paymentSource,
        at,
        id,
      );
    },

    async markPaid(id: string, paymentId: string, at: string) {
      return changeStatus(
        q,
        id,
        `UPDATE orders SET status = 'paid', payment_id = ?, failure_code = NULL, failure_message = NULL,
                           stock_settled = 0, updated_at = ?
         WHERE id = ? AND status IN ('pending', 'failed')
         RETURNING COALESCE(payment_source, 'system') AS actor`,
        [paymentId, at, id],
        { type: 'payment_succeeded', to: 'paid', detail: { paymentId }, at },
        () => outbox.enqueueNow(confirmationMessage(load(byId.get(id) as OrderRow | undefined)!, at)),
      );
    },

    async markFailed(id: string, failure: Failure, at: string, options: { onlyIfNotCharged?: boolean } = {}) {
      const guard = options.onlyIfNotCharged ? 'AND charge_started_at IS NULL' : '';
      return changeStatus(
        q,
        id,
        `UPDATE orders SET status = 'failed', failure_code = ?, failure_message = ?, updated_at = ?
         WHERE id = ? AND status = 'pending' ${guard}
         RETURNING COALESCE(payment_source, 'system') AS actor`,
        [failure.code, failure.message, at, id],
        { type: 'payment_failed', to: 'failed', detail: { code: failure.code, message: failure.message }, at },
      );
    },

    async retireIdempotencyKey(id: string, retryableCodes: readonly string[], at: string) {
      const codes = retryableCodes.map(() => '?').join(', ');
      return q.changes(
        `UPDATE orders SET idempotency_key = idempotency_key || ':retired:' || id, updated_at = ?
         WHERE id = ? AND status = 'failed' AND stock_settled = 1 AND failure_code IN (${codes})`,
        at,
        id,
        ...retryableCodes,
      );
    },

    async markStockSettled(id: string, at: string) {
      db.prepare('UPDATE orders SET stock_settled = 1, updated_at = ? WHERE id = ?').run(at, id);
    },
  };
}
