import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';

/**
 * Messages to shoppers (issue #37 point 5): the outbox, written in the same transaction as the
 * change it tells about and emptied by the sender worker (mf-checkout/server/messages), and the
 * language the shopper bought in, so each message is written in it.
 *
 * A row is queued, then sending while a worker holds its lease (next_attempt_at is the lease's end,
 * so a worker that died mid-send leaves a row that falls due again), then sent or, after the last
 * attempt, failed. dedupe_key makes writing the same message twice a no-op; message_id is the
 * Message-ID header every attempt carries, so a receiver can recognise a repeat.
 * Only additions: the previous release keeps working on this schema.
 */
export const sqlite: Migration<DatabaseSync> = {
  name: '0004-outbox',
  up: (db) =>
    db.exec(`
      ALTER TABLE orders ADD COLUMN lang TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'ru'));
      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('order-confirmation', 'order-shipped', 'order-refunded', 'password-reset')),
        dedupe_key TEXT NOT NULL UNIQUE,
        order_id TEXT REFERENCES orders (id) ON DELETE CASCADE,
        recipient TEXT NOT NULL,
        lang TEXT NOT NULL CHECK (lang IN ('en', 'ru')),
        data TEXT NOT NULL,
        message_id TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        claimed_by TEXT,
        claimed_until TEXT,
        sent_at TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state IN ('queued', 'sending');
      CREATE INDEX outbox_order ON outbox (order_id) WHERE order_id IS NOT NULL;
      CREATE INDEX outbox_failed ON outbox (created_at) WHERE state = 'failed';
    `),
};

export const postgres: Migration<pg.PoolClient> = {
  name: '0004-outbox',
  up: async (client) => {
    await client.query(`
      ALTER TABLE orders ADD COLUMN lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'ru'));
      CREATE TABLE outbox (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('order-confirmation', 'order-shipped', 'order-refunded', 'password-reset')),
        dedupe_key text NOT NULL UNIQUE,
        order_id text REFERENCES orders (id) ON DELETE CASCADE,
        recipient text NOT NULL,
        lang text NOT NULL CHECK (lang IN ('en', 'ru')),
        data jsonb NOT NULL,
        message_id text NOT NULL UNIQUE,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        claimed_by text,
        claimed_until timestamptz,
        sent_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state IN ('queued', 'sending');
      CREATE INDEX outbox_order ON outbox (order_id) WHERE order_id IS NOT NULL;
      CREATE INDEX outbox_failed ON outbox (created_at) WHERE state = 'failed';
    `);
  },
};
