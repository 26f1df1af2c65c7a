import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { traceSqlite } from 'service-kit';
import type { Failure, NewOrder, Order, OrderLine, OrderStatus, Totals } from '../orders/model.ts';
import { sqliteMigrations, STORE } from './migrations/index.ts';
import { migrateSqlite } from './migrations/runner.ts';
import type { OrderEvent, OrderRefund, OrderRepository, RefundStart, StaffStatusChange } from './repository.ts';
import { linesByOrder, toEvent, toOrder, toRefund, type EventRow, type LineRow, type OrderRow, type RefundRow } from './rows.ts';
import { createSqliteOutbox } from './outboxSqlite.ts';
import { confirmationMessage, refundedMessage, shippedMessage } from './outboxMessages.ts';
import { staffListWhere } from './staffList.ts';

/** The orders file with the pragmas every connection to it needs; not migrated yet. */
export function connectOrdersDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  // Each statement a span of the request's trace when tracing is on (service-kit); untouched otherwise.
  const db = traceSqlite(new DatabaseSync(file));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA busy_timeout = 5000');
  // FULL, not NORMAL: a paid order must survive a power cut, not only a process crash.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

/**
 * Embedded default. node:sqlite is synchronous, so each method runs to completion without
 * interleaving inside this process; WAL plus a busy timeout lets other processes share the file.
 */
export async function openSqliteRepository(file: string): Promise<OrderRepository> {
  const db = connectOrdersDatabase(file);
  // Brought to this release's schema before anything reads it; SchemaTooNewError if a newer release migrated it.
  try {
    await migrateSqlite(db, STORE, sqliteMigrations);
  } catch (error) {
    db.close();
    throw error;
  }

  const insertOrder = db.prepare(`
    INSERT INTO orders (id, number, idempotency_key, request_hash, uid, email, billing, status, currency, coupon,
                        lang, created_at, updated_at)
    VALUES ($id, (SELECT COALESCE(MAX(number), 1000) + 1 FROM orders), $key, $hash, $uid, $email, $billing,
            'pending', $currency, $coupon, $lang, $at, $at)
    ON CONFLICT (idempotency_key) DO NOTHING`);
  const byId = db.prepare('SELECT * FROM orders WHERE id = ?');
  const byKey = db.prepare('SELECT * FROM orders WHERE idempotency_key = ?');
  const linesOf = db.prepare('SELECT * FROM order_lines WHERE order_id = ? ORDER BY position');
  const outbox = createSqliteOutbox(db);

  function transaction(work: () => void): void {
    db.exec('BEGIN IMMEDIATE');
    try {
      work();
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  function withLines(rows: OrderRow[]): Order[] {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const lineRows = db
      .prepare(`SELECT * FROM order_lines WHERE order_id IN (${ids.map(() => '?').join(',')}) ORDER BY position`)
      .all(...ids) as unknown as LineRow[];
    const grouped = linesByOrder(lineRows);
    return rows.map((row) => toOrder(row, grouped.get(row.id) ?? []));
  }

  function load(row: OrderRow | undefined): Order | null {
    if (!row) return null;
    return toOrder(row, linesOf.all(row.id) as unknown as LineRow[]);
  }

  function changes(sql: string, ...params: SQLInputValue[]): boolean {
    return Number(db.prepare(sql).run(...params).changes) > 0;
  }

  const statusOf = db.prepare('SELECT status FROM orders WHERE id = ?');
  const insertEvent = db.prepare(`INSERT INTO order_events (order_id, type, from_status, to_status, actor, detail, at)
                                  VALUES (?, ?, ?, ?, ?, ?, ?)`);

  /** A compare-and-set status change (an UPDATE ... RETURNING the actor) and its event, in one transaction. */
  function changeStatus(
    id: string,
    update: string,
    params: SQLInputValue[],
    event: { type: string; to: string; detail: Record<string, unknown>; at: string },
    /** More work of the same transaction, once the change happened. */
    after?: () => void,
  ): boolean {
    let changed = false;
    transaction(() => {
      const before = statusOf.get(id) as { status: string } | undefined;
      const row = db.prepare(update).get(...params) as { actor: string } | undefined;
      if (!row) return;
      insertEvent.run(id, event.type, before?.status ?? null, event.to, row.actor, JSON.stringify(event.detail), event.at);
      after?.();
      changed = true;
    });
    return changed;
  }

  const refundByKey = db.prepare('SELECT * FROM order_refunds WHERE order_id = ? AND request_key = ?');

  function refundById(id: string): OrderRefund {
    const row = db.prepare('SELECT * FROM order_refunds WHERE id = ?').get(id) as RefundRow | undefined;
    if (!row) throw new Error(`refund ${id} not found`);
    return toRefund(row);
  }

  function refundsOf(orderId: string): OrderRefund[] {
    return (db.prepare('SELECT * FROM order_refunds WHERE order_id = ? ORDER BY created_at, id').all(orderId) as unknown as RefundRow[]).map(toRefund);
  }

  /** Inside a transaction: the compare-and-set and its event; null when the status or the key says no. */
  function moveStatusNow(orderId: string, change: StaffStatusChange): OrderEvent | null {
    const used = db.prepare('SELECT 1 FROM order_events WHERE order_id = ? AND request_key = ?').get(orderId, change.requestKey);
    if (used) return null;
    const before = statusOf.get(orderId) as { status: string } | undefined;
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
      const notice = shippedMessage(load(byId.get(orderId) as OrderRow | undefined)!, event);
      if (notice) outbox.enqueueNow(notice);
    }
    return event;
  }

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
      transaction(() => {
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
      return changes(
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
      return changes(
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

    async listByUid(uid: string, limit: number) {
      const rows = db.prepare('SELECT * FROM orders WHERE uid = ? ORDER BY created_at DESC, number DESC LIMIT ?').all(uid, limit) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listPendingCreatedBefore(cutoff: string) {
      const rows = db.prepare(`SELECT * FROM orders WHERE status = 'pending' AND created_at < ? ORDER BY created_at`).all(cutoff) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listUnsettledUpdatedBefore(cutoff: string) {
      const rows = db
        .prepare(
          `SELECT * FROM orders WHERE stock_settled = 0 AND status <> 'pending' AND updated_at < ?
                  ORDER BY updated_at`,
        )
        .all(cutoff) as unknown as OrderRow[];
      return withLines(rows);
    },

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

    async listForStaff(query) {
      const { where, params } = staffListWhere(query, () => '?');
      const rows = db
        .prepare(`SELECT * FROM orders ${where} ORDER BY created_at DESC, number DESC LIMIT ?`)
        .all(...(params as SQLInputValue[]), query.limit) as unknown as OrderRow[];
      return rows.map((row) => {
        const { lines: _lines, ...order } = toOrder(row, []);
        return order;
      });
    },

    async moveStatus(orderId: string, change: StaffStatusChange) {
      let event: OrderEvent | null = null;
      transaction(() => {
        event = moveStatusNow(orderId, change);
      });
      return event;
    },

    async findEventByRequestKey(orderId: string, requestKey: string) {
      const row = db.prepare('SELECT * FROM order_events WHERE order_id = ? AND request_key = ?').get(orderId, requestKey) as EventRow | undefined;
      return row ? toEvent(row) : null;
    },

    async beginRefund(orderId, requestKey, plan, at) {
      let start: RefundStart = { kind: 'not_found' };
      transaction(() => {
        const existing = refundByKey.get(orderId, requestKey) as RefundRow | undefined;
        if (existing) {
          start = { kind: 'existing', refund: toRefund(existing) };
          return;
        }
        const order = load(byId.get(orderId) as OrderRow | undefined);
        if (!order) return;
        const decided = plan(order, refundsOf(orderId));
        if (decided.kind === 'refused') {
          start = decided;
          return;
        }
        const { refund } = decided;
        if (decided.cancel && !moveStatusNow(orderId, decided.cancel)) {
          start = { kind: 'refused', status: 409, message: `Order ${order.number} is ${order.status} and cannot be cancelled` };
          return;
        }
        db.prepare(
          `INSERT INTO order_refunds (id, order_id, request_key, request_hash, kind, amount_cents, lines, status, staff_uid, staff_email,
                                      created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
        ).run(
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
        start = { kind: 'created', refund: refundById(refund.id) };
      });
      return start;
    },

    async finishRefund(refundId, outcome, at) {
      transaction(() => {
        const refund = refundById(refundId);
        if (refund.status !== 'pending') return;
        const order = byId.get(refund.orderId) as unknown as OrderRow;
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
        db.prepare(`UPDATE order_refunds SET status = 'succeeded', stripe_refund_id = ?, updated_at = ? WHERE id = ?`).run(
          outcome.stripeRefundId,
          at,
          refundId,
        );
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
        outbox.enqueueNow(refundedMessage(load(byId.get(refund.orderId) as OrderRow | undefined)!, refund, refunded, at));
      });
      return refundById(refundId);
    },

    async markRefundStockReturned(refundId: string, at: string) {
      db.prepare('UPDATE order_refunds SET stock_returned = 1, updated_at = ? WHERE id = ?').run(at, refundId);
    },

    async listRefunds(orderId: string) {
      return refundsOf(orderId);
    },

    async listUnfinishedRefundsBefore(cutoff: string) {
      const rows = db
        .prepare(
          `SELECT * FROM order_refunds WHERE (status = 'pending' OR (status = 'succeeded' AND stock_returned = 0)) AND updated_at < ? ORDER BY updated_at`,
        )
        .all(cutoff) as unknown as RefundRow[];
      return rows.map(toRefund);
    },

    outbox,

    async close() {
      if (db.isOpen) db.close();
    },
  };
}
