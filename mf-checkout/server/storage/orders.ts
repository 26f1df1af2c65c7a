import { sql, type UpdateObject } from 'kysely';
import type { Failure, NewOrder, OrderLine, Totals } from '../orders/model.ts';
import { inTransaction, type OrdersDatabase, type OrdersSql } from './database.ts';
import { confirmationMessage } from './outboxMessages.ts';
import { enqueueIn } from './outboxStore.ts';
import { insertEvent, orderById, withLines } from './queries.ts';
import type { OrderSteps } from './repository.ts';

/**
 * A compare-and-set status change and its event, in one transaction: the order's row is locked,
 * changed only while its status is one of `from` (and, if asked, no charge was started), and the event written with the
 * status it had, for a change that happened.
 */
async function changeStatus(
  store: OrdersSql,
  id: string,
  change: { from: readonly string[]; onlyIfNotCharged?: boolean; set: UpdateObject<OrdersDatabase, 'orders'> },
  event: { type: string; to: string; detail: Record<string, unknown>; at: string },
  /** More work of the same transaction, once the change happened. */
  after?: (inside: OrdersSql) => Promise<void>,
): Promise<boolean> {
  return inTransaction(store, async (inside) => {
    const { db, engine } = inside;
    const before = await engine.forUpdate(db.selectFrom('orders').select('status').where('id', '=', id)).executeTakeFirst();
    if (!before) return false;
    const moved = await db
      .updateTable('orders')
      .set({ ...change.set, status: event.to, updated_at: event.at })
      .where('id', '=', id)
      .where('status', 'in', change.from)
      .$if(change.onlyIfNotCharged === true, (query) => query.where('charge_started_at', 'is', null))
      .returning(sql<string>`COALESCE(payment_source, 'system')`.as('actor'))
      .executeTakeFirst();
    if (!moved) return false;
    await insertEvent(inside, { orderId: id, type: event.type, from: before.status, to: event.to, actor: moved.actor, detail: event.detail, at: event.at });
    await after?.(inside);
    return true;
  });
}

/** The checkout's own steps on an order; the confirmation goes into the outbox in markPaid's transaction. */
export function orderSteps(store: OrdersSql): OrderSteps {
  const { db, engine } = store;
  return {
    async createPending(order: NewOrder) {
      const inserted = await db
        .insertInto('orders')
        .values({
          id: order.id,
          number: engine.nextNumber('orders', 'number', 1001),
          idempotency_key: order.idempotencyKey,
          request_hash: order.requestHash,
          uid: order.uid,
          email: order.email,
          billing: JSON.stringify(order.billing),
          status: 'pending',
          currency: order.currency,
          coupon: order.coupon,
          lang: order.lang ?? 'en',
          created_at: order.createdAt,
          updated_at: order.createdAt,
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .executeTakeFirst();
      const rows = await db.selectFrom('orders').selectAll().where('idempotency_key', '=', order.idempotencyKey).execute();
      const [stored] = await withLines(store, rows);
      if (!stored) throw new Error(`order with idempotency key ${order.idempotencyKey} vanished after insert`);
      return { order: stored, created: (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n };
    },

    findById: (id: string) => orderById(store, id),

    async recordPricing(id: string, lines: OrderLine[], totals: Totals, at: string) {
      await inTransaction(store, async ({ db: trx }) => {
        await trx.deleteFrom('order_lines').where('order_id', '=', id).execute();
        if (lines.length > 0) {
          await trx
            .insertInto('order_lines')
            .values(
              lines.map((line, position) => ({
                order_id: id,
                position,
                product_id: line.productId,
                title: line.title,
                unit_cents: line.unitCents,
                quantity: line.quantity,
                line_cents: line.lineCents,
              })),
            )
            .execute();
        }
        await trx
          .updateTable('orders')
          .set({ subtotal_cents: totals.subtotalCents, discount_cents: totals.discountCents, total_cents: totals.totalCents, updated_at: at })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .execute();
      });
    },

    async markChargeStarted(id: string, paymentSource: string, at: string) {
      const result = await db
        .updateTable('orders')
        .set({ charge_started_at: at, payment_source: paymentSource, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('charge_started_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async markPaid(id: string, paymentId: string, at: string) {
      return changeStatus(
        store,
        id,
        { from: ['pending', 'failed'], set: { payment_id: paymentId, failure_code: null, failure_message: null, stock_settled: engine.bool(false) } },
        { type: 'payment_succeeded', to: 'paid', detail: { paymentId }, at },
        async (inside) => void (await enqueueIn(inside.db, confirmationMessage((await orderById(inside, id))!, at))),
      );
    },

    async markFailed(id: string, failure: Failure, at: string, options: { onlyIfNotCharged?: boolean } = {}) {
      return changeStatus(
        store,
        id,
        { from: ['pending'], onlyIfNotCharged: options.onlyIfNotCharged, set: { failure_code: failure.code, failure_message: failure.message } },
        { type: 'payment_failed', to: 'failed', detail: { code: failure.code, message: failure.message }, at },
      );
    },

    async retireIdempotencyKey(id: string, retryableCodes: readonly string[], at: string) {
      if (retryableCodes.length === 0) return false;
      const result = await db
        .updateTable('orders')
        .set({ idempotency_key: sql<string>`idempotency_key || ':retired:' || id`, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .where('stock_settled', '=', engine.bool(true))
        .where('failure_code', 'in', retryableCodes)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async markStockSettled(id: string, at: string) {
      await db
        .updateTable('orders')
        .set({ stock_settled: engine.bool(true), updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}
