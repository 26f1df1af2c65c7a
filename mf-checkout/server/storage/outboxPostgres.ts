import type pg from 'pg';
import { MAX_ERROR_LENGTH, OUTBOX_COLUMNS, outboxValues, toMessage, type NewMessage, type OutboxRow, type OutboxStore } from './outbox.ts';

export interface PostgresOutbox extends OutboxStore {
  /** Inside the caller's transaction: writes the message (a no-op when its dedupe key is there). */
  enqueueWith(client: pg.PoolClient | pg.Pool, message: NewMessage): Promise<boolean>;
}

/**
 * The outbox on PostgreSQL. Several checkout instances lease at once: FOR UPDATE SKIP LOCKED hands
 * each one rows no other is taking, and the lease's end (next_attempt_at) makes a row due again if
 * its worker died mid-send.
 */
export function createPostgresOutbox(pool: pg.Pool): PostgresOutbox {
  async function enqueueWith(client: pg.PoolClient | pg.Pool, message: NewMessage): Promise<boolean> {
    const result = await client.query(
      `INSERT INTO outbox (${OUTBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'queued', 0, $9, $9) ON CONFLICT (dedupe_key) DO NOTHING`,
      [...outboxValues(message), message.createdAt],
    );
    return (result.rowCount ?? 0) > 0;
  }

  const rows = async (sql: string, params: unknown[]) => (await pool.query<OutboxRow>(sql, params)).rows.map(toMessage);

  return {
    enqueueWith,

    async enqueue(message) {
      return enqueueWith(pool, message);
    },

    async claimDue(worker, now, leaseUntil, limit, maxAttempts) {
      return rows(
        `UPDATE outbox SET state = 'sending', attempts = attempts + 1, claimed_by = $1, claimed_until = $2, next_attempt_at = $2
         WHERE id IN (SELECT id FROM outbox WHERE state IN ('queued', 'sending') AND next_attempt_at <= $3 AND (state = 'queued' OR attempts < $4)
                      ORDER BY next_attempt_at LIMIT $5 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [worker, leaseUntil, now, maxAttempts, limit],
      );
    },

    async markSent(id, worker, at) {
      const result = await pool.query(
        `UPDATE outbox SET state = 'sent', sent_at = $1, claimed_by = NULL, claimed_until = NULL, last_error = NULL
         WHERE id = $2 AND state = 'sending' AND claimed_by = $3`,
        [at, id, worker],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async markAttemptFailed(id, worker, error, retryAt) {
      const result = await pool.query(
        `UPDATE outbox SET state = $1, next_attempt_at = COALESCE($2, next_attempt_at), last_error = $3, claimed_by = NULL, claimed_until = NULL
         WHERE id = $4 AND state = 'sending' AND claimed_by = $5`,
        [retryAt ? 'queued' : 'failed', retryAt, error.slice(0, MAX_ERROR_LENGTH), id, worker],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async failExpired(now, maxAttempts) {
      return rows(
        `UPDATE outbox SET state = 'failed', claimed_by = NULL, claimed_until = NULL,
                           last_error = COALESCE(last_error || '; ', '') || 'the last attempt did not finish (its sender stopped)'
         WHERE state = 'sending' AND next_attempt_at <= $1 AND attempts >= $2
         RETURNING *`,
        [now, maxAttempts],
      );
    },

    async list(filter) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.orderId) where.push(`order_id = $${params.push(filter.orderId)}`);
      if (filter.state) where.push(`state = $${params.push(filter.state)}`);
      params.push(filter.limit ?? 1000);
      return rows(`SELECT * FROM outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id LIMIT $${params.length}`, params);
    },

    async requeueFailed(at, ids) {
      const result = await pool.query(
        `UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = $1 WHERE state = 'failed' ${ids ? 'AND id = ANY($2)' : ''}`,
        ids ? [at, ids] : [at],
      );
      return result.rowCount ?? 0;
    },

    async purgeSent(before, limit) {
      // Rows another instance is deleting at the same moment are skipped, not waited for.
      const result = await pool.query(
        `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE state = 'sent' AND sent_at < $1 ORDER BY sent_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [before, limit],
      );
      return result.rowCount ?? 0;
    },
  };
}
