import type { Order } from '../orders/model.ts';
import { inTransaction, type OrdersSql } from './database.ts';
import { moveStatusIn } from './events.ts';
import { refundedMessage } from './outboxMessages.ts';
import { enqueueIn } from './outboxStore.ts';
import { insertEvent, orderById, orderRow } from './queries.ts';
import type { OrderRefund, OrderRefunds, RefundPlan, RefundStart } from './repository.ts';
import { toRefund } from './rows.ts';

async function refundById({ db, engine }: OrdersSql, id: string, lock = false): Promise<OrderRefund> {
  const query = db.selectFrom('order_refunds').selectAll().where('id', '=', id);
  const row = await (lock ? engine.forUpdate(query) : query).executeTakeFirst();
  if (!row) throw new Error(`refund ${id} not found`);
  return toRefund(row);
}

async function refundsOf({ db }: OrdersSql, orderId: string): Promise<OrderRefund[]> {
  const rows = await db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toRefund);
}

/** Inside a transaction: the refund already made with this key, or the one `plan` decides (see OrderRepository.beginRefund). */
async function beginRefundIn(
  store: OrdersSql,
  orderId: string,
  requestKey: string,
  plan: (order: Order, refunds: OrderRefund[]) => RefundPlan,
  at: string,
): Promise<RefundStart> {
  // The order's lock is what makes the planner's view of the refunds current.
  const order = await orderById(store, orderId, true);
  if (!order) return { kind: 'not_found' };
  const existing = await store.db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  if (existing) return { kind: 'existing', refund: toRefund(existing) };
  const decided = plan(order, await refundsOf(store, orderId));
  if (decided.kind === 'refused') return decided;
  const { refund } = decided;
  if (decided.cancel && !(await moveStatusIn(store, orderId, decided.cancel))) {
    return { kind: 'refused', status: 409, message: `Order ${order.number} is ${order.status} and cannot be cancelled` };
  }
  await store.db
    .insertInto('order_refunds')
    .values({
      id: refund.id,
      order_id: orderId,
      request_key: requestKey,
      request_hash: refund.requestHash,
      kind: refund.kind,
      amount_cents: refund.amountCents,
      lines: JSON.stringify(refund.lines),
      status: 'pending',
      staff_uid: refund.staff.uid,
      staff_email: refund.staff.email,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { kind: 'created', refund: await refundById(store, refund.id) };
}

/** Inside a transaction: Stripe's answer recorded on a pending refund, its order and its event (see OrderRepository.finishRefund). */
async function finishRefundIn(store: OrdersSql, refundId: string, outcome: { stripeRefundId: string } | { failure: string }, at: string): Promise<OrderRefund> {
  const { db } = store;
  const refund = await refundById(store, refundId, true);
  if (refund.status !== 'pending') return refund;
  const order = (await orderRow(store, refund.orderId, true))!;
  const { staff } = refund;
  const event = (type: string, to: string, detail: Record<string, unknown>) =>
    insertEvent(store, {
      orderId: refund.orderId,
      type,
      from: order.status,
      to,
      actor: `staff:${staff.uid}`,
      detail: { refundId, amountCents: refund.amountCents, ...detail, staff },
      at,
    });
  if ('failure' in outcome) {
    await db.updateTable('order_refunds').set({ status: 'failed', failure_message: outcome.failure, updated_at: at }).where('id', '=', refundId).execute();
    await event('refund_failed', order.status, { message: outcome.failure });
    return refundById(store, refundId);
  }
  await db
    .updateTable('order_refunds')
    .set({ status: 'succeeded', stripe_refund_id: outcome.stripeRefundId, updated_at: at })
    .where('id', '=', refundId)
    .execute();
  const refunded = order.refunded_cents + refund.amountCents;
  const next = refunded >= order.total_cents && !['cancelled', 'refunded'].includes(order.status) ? 'refunded' : order.status;
  await db.updateTable('orders').set({ refunded_cents: refunded, status: next, updated_at: at }).where('id', '=', refund.orderId).execute();
  await event('refund_succeeded', next, { stripeRefundId: outcome.stripeRefundId, lines: refund.lines });
  await enqueueIn(db, refundedMessage((await orderById(store, refund.orderId))!, refund, refunded, at));
  return refundById(store, refundId);
}

/** The refunds staff ask for; a succeeded refund writes its notice to the outbox in its own transaction. */
export function orderRefunds(store: OrdersSql): OrderRefunds {
  const { db, engine } = store;
  return {
    beginRefund: (orderId, requestKey, plan, at) => inTransaction(store, (inside) => beginRefundIn(inside, orderId, requestKey, plan, at)),

    finishRefund: (refundId, outcome, at) => inTransaction(store, (inside) => finishRefundIn(inside, refundId, outcome, at)),

    async markRefundStockReturned(refundId: string, at: string) {
      await db
        .updateTable('order_refunds')
        .set({ stock_returned: engine.bool(true), updated_at: at })
        .where('id', '=', refundId)
        .execute();
    },

    listRefunds: (orderId: string) => refundsOf(store, orderId),

    async listUnfinishedRefundsBefore(cutoff: string) {
      const rows = await db
        .selectFrom('order_refunds')
        .selectAll()
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'succeeded'), eb('stock_returned', '=', engine.bool(false))])]))
        .where('updated_at', '<', cutoff)
        .orderBy('updated_at')
        .execute();
      return rows.map(toRefund);
    },
  };
}
