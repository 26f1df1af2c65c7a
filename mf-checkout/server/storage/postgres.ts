import pg from 'pg';
import type { Failure, NewOrder, Order, OrderLine, Totals } from '../orders/model.ts';
import type { OrderRepository } from './repository.ts';
import { linesByOrder, toOrder, type LineRow, type OrderRow } from './rows.ts';

const schema = `
CREATE TABLE IF NOT EXISTS orders (
  id text PRIMARY KEY,
  number integer GENERATED ALWAYS AS IDENTITY (START WITH 1001) UNIQUE,
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  uid text,
  email text NOT NULL,
  billing jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
  subtotal_cents integer NOT NULL DEFAULT 0,
  discount_cents integer NOT NULL DEFAULT 0,
  total_cents integer NOT NULL DEFAULT 0,
  currency text NOT NULL,
  coupon text,
  payment_id text,
  payment_source text,
  charge_started_at timestamptz,
  failure_code text,
  failure_message text,
  stock_settled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_uid_created ON orders (uid, created_at DESC);
CREATE INDEX IF NOT EXISTS orders_status_created ON orders (status, created_at);
CREATE INDEX IF NOT EXISTS orders_unsettled ON orders (updated_at) WHERE NOT stock_settled;
CREATE TABLE IF NOT EXISTS order_lines (
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  product_id text NOT NULL,
  title text NOT NULL,
  unit_cents integer NOT NULL,
  quantity integer NOT NULL,
  line_cents integer NOT NULL,
  PRIMARY KEY (order_id, position)
);
`;

export interface PostgresOptions {
  connectionString: string;
  /** Schema to create the tables in (tests use a throw-away one); the server's search_path otherwise. */
  schema?: string;
  maxConnections?: number;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function openPostgresRepository(options: PostgresOptions): Promise<OrderRepository> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
  });
  // An idle client that loses its connection emits 'error'; unhandled, that would crash the process.
  pool.on('error', () => undefined);

  await migrate(pool);

  async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return pool.query<R>(sql, params);
  }

  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const lines = await query<LineRow>('SELECT * FROM order_lines WHERE order_id = ANY($1) ORDER BY position', [
      rows.map((row) => row.id),
    ]);
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

  return {
    async createPending(order: NewOrder) {
      const inserted = await query(
        `INSERT INTO orders (id, idempotency_key, request_hash, uid, email, billing, status, currency, coupon,
                             created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $9)
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
      return changed(
        `UPDATE orders SET status = 'paid', payment_id = $1, failure_code = NULL, failure_message = NULL,
                           stock_settled = false, updated_at = $2
         WHERE id = $3 AND status <> 'paid'`,
        [paymentId, at, id],
      );
    },

    async markFailed(id: string, failure: Failure, at: string, options: { onlyIfNotCharged?: boolean } = {}) {
      const guard = options.onlyIfNotCharged ? 'AND charge_started_at IS NULL' : '';
      return changed(
        `UPDATE orders SET status = 'failed', failure_code = $1, failure_message = $2, updated_at = $3
         WHERE id = $4 AND status = 'pending' ${guard}`,
        [failure.code, failure.message, at, id],
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
      const result = await query<OrderRow>(
        'SELECT * FROM orders WHERE uid = $1 ORDER BY created_at DESC, number DESC LIMIT $2',
        [uid, limit],
      );
      return withLines(result.rows);
    },

    async listPendingCreatedBefore(cutoff: string) {
      const result = await query<OrderRow>(
        `SELECT * FROM orders WHERE status = 'pending' AND created_at < $1 ORDER BY created_at`,
        [cutoff],
      );
      return withLines(result.rows);
    },

    async listUnsettledUpdatedBefore(cutoff: string) {
      const result = await query<OrderRow>(
        `SELECT * FROM orders WHERE NOT stock_settled AND status <> 'pending' AND updated_at < $1 ORDER BY updated_at`,
        [cutoff],
      );
      return withLines(result.rows);
    },

    async close() {
      await pool.end();
    },
  };
}

/** Several instances may start together: an advisory lock keeps their CREATE ... IF NOT EXISTS from racing. */
async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('mf-checkout:schema'))`);
    await client.query(schema);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
