import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';

/**
 * The back office's order lifecycle (issue #37): the status may take every state of it, and each
 * status change is recorded in order_events with who made it and when. Orders older than this
 * migration get no invented past: their events start with their next change.
 */
const statuses = `'pending', 'paid', 'failed', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'`;

/** SQLite cannot alter a CHECK constraint: the table is rebuilt (the runner keeps foreign keys off meanwhile). */
export const sqlite: Migration<DatabaseSync> = {
  name: '0002-order-lifecycle',
  up: (db) =>
    db.exec(`
      CREATE TABLE orders_new (
        id TEXT PRIMARY KEY,
        number INTEGER NOT NULL UNIQUE,
        idempotency_key TEXT NOT NULL UNIQUE,
        request_hash TEXT NOT NULL,
        uid TEXT,
        email TEXT NOT NULL,
        billing TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN (${statuses})),
        subtotal_cents INTEGER NOT NULL DEFAULT 0,
        discount_cents INTEGER NOT NULL DEFAULT 0,
        total_cents INTEGER NOT NULL DEFAULT 0,
        currency TEXT NOT NULL,
        coupon TEXT,
        payment_id TEXT,
        payment_source TEXT,
        charge_started_at TEXT,
        failure_code TEXT,
        failure_message TEXT,
        stock_settled INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      INSERT INTO orders_new (id, number, idempotency_key, request_hash, uid, email, billing, status, subtotal_cents,
                              discount_cents, total_cents, currency, coupon, payment_id, payment_source,
                              charge_started_at, failure_code, failure_message, stock_settled, created_at, updated_at)
        SELECT id, number, idempotency_key, request_hash, uid, email, billing, status, subtotal_cents,
               discount_cents, total_cents, currency, coupon, payment_id, payment_source,
               charge_started_at, failure_code, failure_message, stock_settled, created_at, updated_at
        FROM orders;
      DROP TABLE orders;
      ALTER TABLE orders_new RENAME TO orders;
      CREATE INDEX orders_uid_created ON orders (uid, created_at DESC);
      CREATE INDEX orders_status_created ON orders (status, created_at);
      CREATE INDEX orders_unsettled ON orders (updated_at) WHERE stock_settled = 0;
      CREATE TABLE order_events (
        id INTEGER PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        from_status TEXT,
        to_status TEXT NOT NULL,
        actor TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '{}',
        at TEXT NOT NULL
      );
      CREATE INDEX order_events_order ON order_events (order_id, id);
    `),
};

export const postgres: Migration<pg.PoolClient> = {
  name: '0002-order-lifecycle',
  up: async (client) => {
    await client.query(`
      ALTER TABLE orders DROP CONSTRAINT orders_status_check;
      ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (${statuses}));
      CREATE TABLE order_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        type text NOT NULL,
        from_status text,
        to_status text NOT NULL,
        actor text NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}',
        at timestamptz NOT NULL
      );
      CREATE INDEX order_events_order ON order_events (order_id, id);
    `);
  },
};
