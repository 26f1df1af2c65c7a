import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { Failure, NewOrder, Order, OrderLine, Totals } from '../orders/model.ts';
import { sqliteMigrations, STORE } from './migrations/index.ts';
import { migrateSqlite } from './migrations/runner.ts';
import type { OrderRepository } from './repository.ts';
import { linesByOrder, toEvent, toOrder, type EventRow, type LineRow, type OrderRow } from './rows.ts';

/** The orders file with the pragmas every connection to it needs; not migrated yet. */
export function connectOrdersDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
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
                        created_at, updated_at)
    VALUES ($id, (SELECT COALESCE(MAX(number), 1000) + 1 FROM orders), $key, $hash, $uid, $email, $billing,
            'pending', $currency, $coupon, $at, $at)
    ON CONFLICT (idempotency_key) DO NOTHING`);
  const byId = db.prepare('SELECT * FROM orders WHERE id = ?');
  const byKey = db.prepare('SELECT * FROM orders WHERE idempotency_key = ?');
  const linesOf = db.prepare('SELECT * FROM order_lines WHERE order_id = ? ORDER BY position');

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
  ): boolean {
    let changed = false;
    transaction(() => {
      const before = statusOf.get(id) as { status: string } | undefined;
      const row = db.prepare(update).get(...params) as { actor: string } | undefined;
      if (!row) return;
      insertEvent.run(id, event.type, before?.status ?? null, event.to, row.actor, JSON.stringify(event.detail), event.at);
      changed = true;
    });
    return changed;
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
        lines.forEach((line, position) =>
          insert.run(id, position, line.productId, line.title, line.unitCents, line.quantity, line.lineCents),
        );
        db.prepare(`UPDATE orders SET subtotal_cents = ?, discount_cents = ?, total_cents = ?, updated_at = ?
                    WHERE id = ? AND status = 'pending'`).run(
          totals.subtotalCents,
          totals.discountCents,
          totals.totalCents,
          at,
          id,
        );
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
         WHERE id = ? AND status <> 'paid'
         RETURNING COALESCE(payment_source, 'system') AS actor`,
        [paymentId, at, id],
        { type: 'payment_succeeded', to: 'paid', detail: { paymentId }, at },
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
      const rows = db
        .prepare('SELECT * FROM orders WHERE uid = ? ORDER BY created_at DESC, number DESC LIMIT ?')
        .all(uid, limit) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listPendingCreatedBefore(cutoff: string) {
      const rows = db
        .prepare(`SELECT * FROM orders WHERE status = 'pending' AND created_at < ? ORDER BY created_at`)
        .all(cutoff) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listUnsettledUpdatedBefore(cutoff: string) {
      const rows = db
        .prepare(`SELECT * FROM orders WHERE stock_settled = 0 AND status <> 'pending' AND updated_at < ?
                  ORDER BY updated_at`)
        .all(cutoff) as unknown as OrderRow[];
      return withLines(rows);
    },

    async listEvents(orderId: string) {
      const rows = db.prepare('SELECT * FROM order_events WHERE order_id = ? ORDER BY id').all(orderId) as unknown as EventRow[];
      return rows.map(toEvent);
    },

    async close() {
      if (db.isOpen) db.close();
    },
  };
}
