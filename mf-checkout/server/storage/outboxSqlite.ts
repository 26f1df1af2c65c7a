import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { MAX_ERROR_LENGTH, OUTBOX_COLUMNS, outboxValues, toMessage, type NewMessage, type OutboxRow, type OutboxStore } from './outbox.ts';

export interface SqliteOutbox extends OutboxStore {
  /** Inside the caller's transaction: writes the message (a no-op when its dedupe key is there). */
  enqueueNow(message: NewMessage): boolean;
}

/**
 * The outbox on the embedded database. SQLite writes one transaction at a time across every process
 * on the file, so a lease is a single conditional UPDATE: the row is taken only if it is still due.
 */
export function createSqliteOutbox(db: DatabaseSync): SqliteOutbox {
  const insert = db.prepare(`INSERT INTO outbox (${OUTBOX_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`);

  function enqueueNow(message: NewMessage): boolean {
    return Number(insert.run(...outboxValues(message), message.createdAt, message.createdAt).changes) > 0;
  }

  const rows = (sql: string, ...params: SQLInputValue[]) => (db.prepare(sql).all(...params) as unknown as OutboxRow[]).map(toMessage);

  return {
    enqueueNow,

    async enqueue(message) {
      return enqueueNow(message);
    },

    async claimDue(worker, now, leaseUntil, limit, maxAttempts) {
      return rows(
        `UPDATE outbox SET state = 'sending', attempts = attempts + 1, claimed_by = ?, claimed_until = ?, next_attempt_at = ?
         WHERE id IN (SELECT id FROM outbox WHERE state IN ('queued', 'sending') AND next_attempt_at <= ? AND (state = 'queued' OR attempts < ?)
                      ORDER BY next_attempt_at LIMIT ?)
         RETURNING *`,
        worker,
        leaseUntil,
        leaseUntil,
        now,
        maxAttempts,
        limit,
      );
    },

    async markSent(id, worker, at) {
      const result = db
        .prepare(
          `UPDATE outbox SET state = 'sent', sent_at = ?, claimed_by = NULL, claimed_until = NULL, last_error = NULL
           WHERE id = ? AND state = 'sending' AND claimed_by = ?`,
        )
        .run(at, id, worker);
      return Number(result.changes) > 0;
    },

    async markAttemptFailed(id, worker, error, retryAt) {
      const result = db
        .prepare(
          `UPDATE outbox SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_error = ?, claimed_by = NULL, claimed_until = NULL
           WHERE id = ? AND state = 'sending' AND claimed_by = ?`,
        )
        .run(retryAt ? 'queued' : 'failed', retryAt, error.slice(0, MAX_ERROR_LENGTH), id, worker);
      return Number(result.changes) > 0;
    },

    async failExpired(now, maxAttempts) {
      return rows(
        `UPDATE outbox SET state = 'failed', claimed_by = NULL, claimed_until = NULL,
                           last_error = COALESCE(last_error || '; ', '') || 'the last attempt did not finish (its sender stopped)'
         WHERE state = 'sending' AND next_attempt_at <= ? AND attempts >= ?
         RETURNING *`,
        now,
        maxAttempts,
      );
    },

    async list(filter) {
      const where: string[] = [];
      const params: SQLInputValue[] = [];
      if (filter.orderId) {
        where.push('order_id = ?');
        params.push(filter.orderId);
      }
      if (filter.state) {
        where.push('state = ?');
        params.push(filter.state);
      }
      return rows(
        `SELECT * FROM outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id LIMIT ?`,
        ...params,
        filter.limit ?? 1000,
      );
    },

    async requeueFailed(at, ids) {
      const only = ids ? `AND id IN (${ids.map(() => '?').join(', ') || 'NULL'})` : '';
      const result = db.prepare(`UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = ? WHERE state = 'failed' ${only}`).run(at, ...(ids ?? []));
      return Number(result.changes);
    },

    async purgeSent(before, limit) {
      const result = db
        .prepare(`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE state = 'sent' AND sent_at < ? ORDER BY sent_at LIMIT ?)`)
        .run(before, limit);
      return Number(result.changes);
    },
  };
}
