import { sql, type Kysely } from 'kysely';
import { readInstant, readJson } from 'service-kit/sql';
import type { OrdersDatabase, OrdersSql, OutboxRow } from './database.ts';
import type { NewMessage, OutboxMessage, OutboxStore } from './outbox.ts';

/** Error texts kept on a row are cut to this length. */
const MAX_ERROR_LENGTH = 1000;

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    data: readJson<unknown>(row.data),
    dedupeKey: row.dedupe_key,
    orderId: row.order_id,
    recipient: row.recipient,
    lang: row.lang === 'ru' ? 'ru' : 'en',
    messageId: row.message_id,
    createdAt: readInstant(row.created_at),
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: readInstant(row.next_attempt_at),
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until === null ? null : readInstant(row.claimed_until),
    sentAt: row.sent_at === null ? null : readInstant(row.sent_at),
    lastError: row.last_error,
  } as OutboxMessage;
}

/** Writes the message, inside the caller's transaction when `db` is one; false when its dedupe key is already there. */
export async function enqueueIn(db: Kysely<OrdersDatabase>, message: NewMessage): Promise<boolean> {
  const result = await db
    .insertInto('outbox')
    .values({
      id: message.id,
      kind: message.kind,
      dedupe_key: message.dedupeKey,
      order_id: message.orderId,
      recipient: message.recipient,
      lang: message.lang,
      data: JSON.stringify(message.data),
      message_id: message.messageId,
      state: 'queued',
      attempts: 0,
      next_attempt_at: message.createdAt,
      created_at: message.createdAt,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * The outbox of the orders database. Several checkout instances lease at once: on PostgreSQL the
 * lease's SELECT skips rows another one is taking (Engine.forUpdateSkipLocked); SQLite writes one
 * statement at a time across every process on the file, so a lease there is the conditional UPDATE
 * alone. The lease's end (next_attempt_at) makes a row due again if its worker died mid-send.
 * Conditions on `state` are literals: the partial indexes of migrations 0004 and 0005 name them.
 */
export function createOutbox({ db, engine }: OrdersSql): OutboxStore {
  return {
    enqueue: (message) => enqueueIn(db, message),

    async claimDue(worker, now, leaseUntil, limit, maxAttempts) {
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where(sql<boolean>`state IN ('queued', 'sending')`)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('state', '=', sql.lit('queued')), eb('attempts', '<', maxAttempts)]))
        .orderBy('next_attempt_at')
        .limit(limit);
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1), claimed_by: worker, claimed_until: leaseUntil, next_attempt_at: leaseUntil }))
        .where('id', 'in', engine.forUpdateSkipLocked(due))
        .returningAll()
        .execute();
      return rows.map(toMessage);
    },

    async markSent(id, worker, at) {
      const result = await db
        .updateTable('outbox')
        .set({ state: 'sent', sent_at: at, claimed_by: null, claimed_until: null, last_error: null })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async markAttemptFailed(id, worker, error, retryAt) {
      const result = await db
        .updateTable('outbox')
        .set({
          state: retryAt ? 'queued' : 'failed',
          next_attempt_at: sql<string>`COALESCE(${retryAt}, next_attempt_at)`,
          last_error: error.slice(0, MAX_ERROR_LENGTH),
          claimed_by: null,
          claimed_until: null,
        })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async failExpired(now, maxAttempts) {
      const rows = await db
        .updateTable('outbox')
        .set({
          state: 'failed',
          claimed_by: null,
          claimed_until: null,
          last_error: sql<string>`COALESCE(last_error || '; ', '') || 'the last attempt did not finish (its sender stopped)'`,
        })
        .where(sql<boolean>`state = 'sending'`)
        .where('next_attempt_at', '<=', now)
        .where('attempts', '>=', maxAttempts)
        .returningAll()
        .execute();
      return rows.map(toMessage);
    },

    async list(filter) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .$if(filter.orderId !== undefined, (query) => query.where('order_id', '=', filter.orderId!))
        .$if(filter.state !== undefined, (query) => query.where('state', '=', filter.state!))
        .orderBy('created_at')
        .orderBy('id')
        .limit(filter.limit ?? 1000)
        .execute();
      return rows.map(toMessage);
    },

    async requeueFailed(at, ids) {
      if (ids?.length === 0) return 0;
      const result = await db
        .updateTable('outbox')
        .set({ state: 'queued', attempts: 0, next_attempt_at: at })
        .where(sql<boolean>`state = 'failed'`)
        .$if(ids !== undefined, (query) => query.where('id', 'in', ids!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async purgeSent(before, limit) {
      // On PostgreSQL rows another instance is deleting at the same moment are skipped, not waited for.
      const oldest = db
        .selectFrom('outbox')
        .select('id')
        .where(sql<boolean>`state = 'sent'`)
        .where('sent_at', '<', before)
        .orderBy('sent_at')
        .limit(limit);
      const result = await db.deleteFrom('outbox').where('id', 'in', engine.forUpdateSkipLocked(oldest)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
