import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';

/**
 * The orders schema as the releases before versioned migrations created it at every start. Every
 * statement is IF NOT EXISTS, so a database made by such a release (tables there, no
 * schema_migrations) gains only what is missing and is then recorded; a new database gets it all.
 */
export const sqlite: Migration<DatabaseSync> = {
  name: '0001-initial',
  up: (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS orders (
        id TEXT PRIMARY KEY,
        number INTEGER NOT NULL UNIQUE,
        idempotency_key TEXT NOT NULL UNIQUE,
        request_hash TEXT NOT NULL,
        uid TEXT,
        email TEXT NOT NULL,
        billing TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
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
      CREATE INDEX IF NOT EXISTS orders_uid_created ON orders (uid, created_at DESC);
      CREATE INDEX IF NOT EXISTS orders_status_created ON orders (status, created_at);
      CREATE INDEX IF NOT EXISTS orders_unsettled ON orders (updated_at) WHERE stock_settled = 0;
      CREATE TABLE IF NOT EXISTS order_lines (
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        product_id TEXT NOT NULL,
        title TEXT NOT NULL,
        unit_cents INTEGER NOT NULL,
        quantity INTEGER NOT NULL,
        line_cents INTEGER NOT NULL,
        PRIMARY KEY (order_id, position)
      );
    `),
};

export const postgres: Migration<pg.PoolClient> = {
  name: '0001-initial',
  up: async (client) => {
    await client.query(`
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
    `);
  },
};
