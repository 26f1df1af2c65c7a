import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';

/**
 * Sent messages are kept for MAIL_SENT_RETENTION_DAYS, then the sender deletes them a small batch at
 * a time (messages/sender.ts): this index finds the oldest sent rows without reading the table, so
 * each batch is short and the look on a cycle with nothing to delete costs next to nothing.
 * Only an addition: the previous release keeps working on this schema. Built inside the migration's
 * transaction (not CONCURRENTLY): the outbox is young and small when this runs.
 */
export const sqlite: Migration<DatabaseSync> = {
  name: '0005-outbox-sent-index',
  up: (db) => db.exec(`CREATE INDEX outbox_sent ON outbox (sent_at) WHERE state = 'sent'`),
};

export const postgres: Migration<pg.PoolClient> = {
  name: '0005-outbox-sent-index',
  up: async (client) => {
    await client.query(`CREATE INDEX outbox_sent ON outbox (sent_at) WHERE state = 'sent'`);
  },
};
