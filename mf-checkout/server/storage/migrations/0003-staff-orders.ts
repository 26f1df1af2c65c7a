import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';

/**
 * The staff's side of orders (issue #37): refunds through Stripe, each recorded with who asked and
 * whether its stock went back; what was refunded kept on the order for the list's payment filter;
 * the Idempotency-Key of the staff request that made a status change, unique per order, so a
 * repeated request finds its first answer; and the indexes the staff's order list pages through
 * newest first (created_at, number) at a million orders: by status, by e-mail prefix, refunded ones.
 * Only additions: the previous release keeps working on this schema.
 */
export const sqlite: Migration<DatabaseSync> = {
  name: '0003-staff-orders',
  up: (db) =>
    db.exec(`
      ALTER TABLE orders ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE order_events ADD COLUMN request_key TEXT;
      CREATE UNIQUE INDEX order_events_request ON order_events (order_id, request_key) WHERE request_key IS NOT NULL;
      CREATE TABLE order_refunds (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        request_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('refund', 'cancel')),
        amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
        lines TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        stripe_refund_id TEXT,
        failure_message TEXT,
        stock_returned INTEGER NOT NULL DEFAULT 0,
        staff_uid TEXT NOT NULL,
        staff_email TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (order_id, request_key)
      );
      CREATE INDEX orders_staff_list ON orders (created_at DESC, number DESC);
      CREATE INDEX orders_staff_status ON orders (status, created_at DESC, number DESC);
      CREATE INDEX orders_staff_email ON orders (lower(email), created_at DESC, number DESC);
      CREATE INDEX orders_staff_refunded ON orders (created_at DESC, number DESC) WHERE refunded_cents > 0;
    `),
};

export const postgres: Migration<pg.PoolClient> = {
  name: '0003-staff-orders',
  up: async (client) => {
    await client.query(`
      ALTER TABLE orders ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0;
      ALTER TABLE order_events ADD COLUMN request_key text;
      CREATE UNIQUE INDEX order_events_request ON order_events (order_id, request_key) WHERE request_key IS NOT NULL;
      CREATE TABLE order_refunds (
        id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        request_key text NOT NULL,
        request_hash text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('refund', 'cancel')),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        lines jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        stripe_refund_id text,
        failure_message text,
        stock_returned boolean NOT NULL DEFAULT false,
        staff_uid text NOT NULL,
        staff_email text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (order_id, request_key)
      );
      CREATE INDEX orders_staff_list ON orders (created_at DESC, number DESC);
      CREATE INDEX orders_staff_status ON orders (status, created_at DESC, number DESC);
      -- text_pattern_ops: a LIKE 'prefix%' search uses it whatever the database's collation.
      CREATE INDEX orders_staff_email ON orders (lower(email) text_pattern_ops, created_at DESC, number DESC);
      CREATE INDEX orders_staff_refunded ON orders (created_at DESC, number DESC) WHERE refunded_cents > 0;
    `);
  },
};
