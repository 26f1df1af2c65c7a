import pg from 'pg';
import type { Failure, NewOrder, Order, OrderLine, OrderStatus, Totals } from '../orders/model.ts';
import { postgresMigrations, STORE } from './migrations/index.ts';
import { migratePostgres } from './migrations/runner.ts';
import type { OrderEvent, OrderRefund, OrderRepository, StaffStatusChange } from './repository.ts';
import { linesByOrder, toEvent, toOrder, toRefund, type EventRow, type LineRow, type OrderRow, type RefundRow } from './rows.ts';
import { createPostgresOutbox } from './outboxPostgres.ts';
import { confirmationMessage, refundedMessage, shippedMessage } from './outboxMessages.ts';
import { staffListWhere } from './staffList.ts';

export interface PostgresOptions {
  connectionString: string;
  /** Schema to create the tables in (tests use a throw-away one); the server's search_path otherwise. */
  schema?: string;
  maxConnections?: number;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A pool on the orders schema; not migrated yet. */
export function connectOrdersPool(options: PostgresOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
  });
  // An idle client that loses its connection emits 'error'; unhandled, that would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export async function openPostgresRepository(options: PostgresOptions): Promise<OrderRepository> {
  const pool = connectOrdersPool(options);
  // Instances starting together take turns on the runner's lock; SchemaTooNewError if a newer release migrated it.
  try {
    await migratePostgres(pool, STORE, postgresMigrations);
  } catch (error) {
    await pool.end();
    throw error;
  }

  const outbox = createPostgresOutbox(pool);

  async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return pool.query<R>(sql, params);
  }

  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const lines = await query<LineRow>('SELECT * FROM order_lines WHERE order_id = ANY($1) ORDER BY position', [rows.map((row) => row.id)]);
    const grouped = linesByOrder(lines.rows);
    return rows.map((row) => toOrder(row, grouped.get(row.id) ?? []));
  }

  async function one(sql: string, params: unknown[]): Promise<Order | null> {
    const result = await query<OrderRow>(sql, params);
    const [order] = await withLines(result.rows);
    return order ?? null;
  }

  async function changed(sql: string, params: unknown[]): Promise<boolean> {
    return ((await query(sql, params)).rowCount ?? 0) > 0;
  }

  /**
   * A compare-and-set status change and its event in one statement: the row is locked, the change
   * made only when \`allowedFrom\` holds for its previous status (\`before.status\`), and the event
   * written only for a change that happened. \`set\` names its own values from $6 on.
   */
  async function changeStatus(
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
    if (!after) return changed(sql, params);
    return inTransaction(async (client) => {
      if (((await client.query(sql, params)).rowCount ?? 0) === 0) return false;
      await after(client);
      return true;
    });
  }

  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function loadWith(client: pg.PoolClient, sql: string, params: unknown[]): Promise<Order | null> {
    const row = (await client.query<OrderRow>(sql, params)).rows[0];
    if (!row) return null;
    const lines = await client.query<LineRow>('SELECT * FROM order_lines WHERE order_id = $1 ORDER BY position', [row.id]);
    return toOrder(row, lines.rows);
  }

  async function refundsOf(client: pg.PoolClient | pg.Pool, orderId: string): Promise<OrderRefund[]> {
    const rows = await client.query<RefundRow>('SELECT * FROM order_refunds WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
    return rows.rows.map(toRefund);
  }

  async function refundById(client: pg.PoolClient | pg.Pool, id: string, lock = false): Promise<OrderRefund> {
    const row = (await client.query<RefundRow>(`SELECT * FROM order_refunds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])).rows[0];
    if (!row) throw new Error(`refund ${id} not found`);
    return toRefund(row);
  }

  /** Inside a transaction, with the order's row locked: the compare-and-set and its event. */
  async function moveStatusNow(client: pg.PoolClient, orderId: string, change: StaffStatusChange): Promise<OrderEvent | null> {
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
      const notice = shippedMessage((await loadWith(client, 'SELECT * FROM orders WHERE id = $1', [orderId]))!, event);
      if (notice) await outbox.enqueueWith(client, notice);
    }
    return event;
  }

  return {
    async createPending(order: NewOrder) {
      const inserted = await query(
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
      const stored = await one('SELECT * FROM orders WHERE idempotency_key = $1', [order.idempotencyKey]);
      if (!stored) throw new Error(`order with idempotency key ${order.idempotencyKey} vanished after insert`);
      return { order: stored, created: (inserted.rowCount ?? 0) > 0 };
    },

    async findById(id: string) {
      return one('SELECT * FROM orders WHERE id = $1', [id]);
    },

    async recordPricing(id: string, lines: OrderLine[], totals: Totals, at: string) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
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
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async markChargeStarted(id: string, paymentSource: string, at: string) {
      return changed(
        `UPDATE orders SET charge_started_at = $1, payment_source = $2, updated_at = $1
         WHERE id = $3 AND status = 'pending' AND charge_started_at IS NULL`,
        [at, paymentSource, id],
      );
    },

    async markPaid(id: string, paymentId: string, at: string) {
      return changeStatus(
        id,
        at,
        {
          set: 'payment_id = $6, failure_code = NULL, failure_message = NULL, stock_settled = false',
          values: [paymentId],
          allowedFrom: `before.status IN ('pending', 'failed')`,
        },
        { type: 'payment_succeeded', to: 'paid', detail: { paymentId } },
        async (client) => {
          const order = await loadWith(client, 'SELECT * FROM orders WHERE id = $1', [id]);
          await outbox.enqueueWith(client, confirmationMessage(order!, at));
        },
      );
    },

    async markFailed(id: string, failure: Failure, at: string, options: { onlyIfNotCharged?: boolean } = {}) {
      const guard = options.onlyIfNotCharged ? ' AND orders.charge_started_at IS NULL' : '';
      return changeStatus(
        id,
        at,
        { set: 'failure_code = $6, failure_message = $7', values: [failure.code, failure.message], allowedFrom: `before.status = 'pending'${guard}` },
        { type: 'payment_failed', to: 'failed', detail: { code: failure.code, message: failure.message } },
      );
    },

    async retireIdempotencyKey(id: string, retryableCodes: readonly string[], at: string) {
      return changed(
        `UPDATE orders SET idempotency_key = idempotency_key || ':retired:' || id, updated_at = $1
         WHERE id = $2 AND status = 'failed' AND stock_settled AND failure_code = ANY($3)`,
        [at, id, retryableCodes],
      );
    },

    async markStockSettled(id: string, at: string) {
      await query('UPDATE orders SET stock_settled = true, updated_at = $1 WHERE id = $2', [at, id]);
    },

    async listByUid(uid: string, limit: number) {
      const result = await query<OrderRow>('SELECT * FROM orders WHERE uid = $1 ORDER BY created_at DESC, number DESC LIMIT $2', [uid, limit]);
      return withLines(result.rows);
    },

    async listPendingCreatedBefore(cutoff: string) {
      const result = await query<OrderRow>(`SELECT * FROM orders WHERE status = 'pending' AND created_at < $1 ORDER BY created_at`, [cutoff]);
      return withLines(result.rows);
    },

    async listUnsettledUpdatedBefore(cutoff: string) {
      const result = await query<OrderRow>(`SELECT * FROM orders WHERE NOT stock_settled AND status <> 'pending' AND updated_at < $1 ORDER BY updated_at`, [
        cutoff,
      ]);
      return withLines(result.rows);
    },

    async listEvents(orderId: string) {
      const result = await query<EventRow>('SELECT * FROM order_events WHERE order_id = $1 ORDER BY id', [orderId]);
      return result.rows.map(toEvent);
    },

    async listEventsOf(orderIds: readonly string[]) {
      const grouped = new Map<string, OrderEvent[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return grouped;
      const result = await query<EventRow>('SELECT * FROM order_events WHERE order_id = ANY($1) ORDER BY id', [orderIds]);
      for (const row of result.rows) grouped.get(row.order_id)?.push(toEvent(row));
      return grouped;
    },

    async listForStaff(staffQuery) {
      const { where, params } = staffListWhere(staffQuery, (n) => `$${n}`);
      const result = await query<OrderRow>(`SELECT * FROM orders ${where} ORDER BY created_at DESC, number DESC LIMIT $${params.length + 1}`, [
        ...params,
        staffQuery.limit,
      ]);
      return result.rows.map((row) => {
        const { lines: _lines, ...order } = toOrder(row, []);
        return order;
      });
    },

    async moveStatus(orderId: string, change: StaffStatusChange) {
      return inTransaction((client) => moveStatusNow(client, orderId, change));
    },

    async findEventByRequestKey(orderId: string, requestKey: string) {
      const row = (await query<EventRow>('SELECT * FROM order_events WHERE order_id = $1 AND request_key = $2', [orderId, requestKey])).rows[0];
      return row ? toEvent(row) : null;
    },

    async beginRefund(orderId, requestKey, plan, at) {
      return inTransaction(async (client) => {
        // The order's row lock is what makes the planner's view of the refunds current.
        const order = await loadWith(client, 'SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
        if (!order) return { kind: 'not_found' as const };
        const existing = (await client.query<RefundRow>('SELECT * FROM order_refunds WHERE order_id = $1 AND request_key = $2', [orderId, requestKey])).rows[0];
        if (existing) return { kind: 'existing' as const, refund: toRefund(existing) };
        const decided = plan(order, await refundsOf(client, orderId));
        if (decided.kind === 'refused') return decided;
        const { refund } = decided;
        if (decided.cancel && !(await moveStatusNow(client, orderId, decided.cancel))) {
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
      return inTransaction(async (client) => {
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
          await client.query(`UPDATE order_refunds SET status = 'failed', failure_message = $1, updated_at = $2 WHERE id = $3`, [
            outcome.failure,
            at,
            refundId,
          ]);
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
        const refundedOrder = await loadWith(client, 'SELECT * FROM orders WHERE id = $1', [refund.orderId]);
        await outbox.enqueueWith(client, refundedMessage(refundedOrder!, refund, refunded, at));
        return refundById(client, refundId);
      });
    },

    async markRefundStockReturned(refundId: string, at: string) {
      await query('UPDATE order_refunds SET stock_returned = true, updated_at = $1 WHERE id = $2', [at, refundId]);
    },

    async listRefunds(orderId: string) {
      return refundsOf(pool, orderId);
    },

    async listUnfinishedRefundsBefore(cutoff: string) {
      const result = await query<RefundRow>(
        `SELECT * FROM order_refunds WHERE (status = 'pending' OR (status = 'succeeded' AND NOT stock_returned)) AND updated_at < $1 ORDER BY updated_at`,
        [cutoff],
      );
      return result.rows.map(toRefund);
    },

    outbox,

    async close() {
      await pool.end();
    },
  };
}
