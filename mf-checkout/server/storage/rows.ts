import { readFlag, readInstant, readJson } from 'service-kit/sql';
import type { Billing, Lang, Order, OrderLine, OrderStatus } from '../orders/model.ts';
import type { EventRow, LineRow, OrderRow, RefundRow } from './database.ts';
import type { OrderEvent, OrderRefund, RefundLine } from './repository.ts';

export function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.id,
    number: Number(row.number),
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    uid: row.uid,
    email: row.email,
    billing: readJson<Billing>(row.billing),
    status: row.status as OrderStatus,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    totalCents: row.total_cents,
    currency: row.currency,
    coupon: row.coupon,
    paymentId: row.payment_id,
    paymentSource: row.payment_source,
    chargeStartedAt: row.charge_started_at === null ? null : readInstant(row.charge_started_at),
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    stockSettled: readFlag(row.stock_settled),
    refundedCents: row.refunded_cents,
    lang: row.lang === 'ru' ? 'ru' : ('en' satisfies Lang),
    createdAt: readInstant(row.created_at),
    updatedAt: readInstant(row.updated_at),
    lines: lines.map(toLine),
  };
}

function toLine(row: LineRow): OrderLine {
  return {
    productId: row.product_id,
    title: row.title,
    unitCents: row.unit_cents,
    quantity: row.quantity,
    lineCents: row.line_cents,
  };
}

/** Groups line rows by order so a list of orders costs two queries, not one per order. */
export function linesByOrder(rows: LineRow[]): Map<string, LineRow[]> {
  const grouped = new Map<string, LineRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.order_id) ?? [];
    list.push(row);
    grouped.set(row.order_id, list);
  }
  return grouped;
}

export function toEvent(row: EventRow): OrderEvent {
  return {
    id: Number(row.id),
    orderId: row.order_id,
    type: row.type,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actor: row.actor,
    detail: readJson<Record<string, unknown>>(row.detail),
    at: readInstant(row.at),
    requestKey: row.request_key,
  };
}

export function toRefund(row: RefundRow): OrderRefund {
  return {
    id: row.id,
    orderId: row.order_id,
    requestKey: row.request_key,
    requestHash: row.request_hash,
    kind: row.kind,
    amountCents: row.amount_cents,
    lines: readJson<RefundLine[]>(row.lines),
    status: row.status,
    stripeRefundId: row.stripe_refund_id,
    failureMessage: row.failure_message,
    stockReturned: readFlag(row.stock_returned),
    staff: { uid: row.staff_uid, email: row.staff_email },
    createdAt: readInstant(row.created_at),
    updatedAt: readInstant(row.updated_at),
  };
}
