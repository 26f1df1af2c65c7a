import type { Billing, Lang, Order, OrderLine, OrderStatus } from '../orders/model.ts';
import type { OrderEvent, OrderRefund, RefundLine } from './repository.ts';

/** A row of `orders` as either driver returns it (SQLite: text and 0/1, PostgreSQL: Date, jsonb, boolean). */
export interface OrderRow {
  id: string;
  number: number | string;
  idempotency_key: string;
  request_hash: string;
  uid: string | null;
  email: string;
  billing: string | Billing;
  status: string;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  currency: string;
  coupon: string | null;
  payment_id: string | null;
  payment_source: string | null;
  charge_started_at: string | Date | null;
  failure_code: string | null;
  failure_message: string | null;
  stock_settled: number | boolean;
  refunded_cents: number;
  lang: string;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface LineRow {
  order_id: string;
  product_id: string;
  title: string;
  unit_cents: number;
  quantity: number;
  line_cents: number;
}

export interface EventRow {
  id: number | string;
  order_id: string;
  type: string;
  from_status: string | null;
  to_status: string;
  actor: string;
  detail: string | Record<string, unknown>;
  at: string | Date;
  request_key: string | null;
}

export interface RefundRow {
  id: string;
  order_id: string;
  request_key: string;
  request_hash: string;
  kind: 'refund' | 'cancel';
  amount_cents: number;
  lines: string | RefundLine[];
  status: 'pending' | 'succeeded' | 'failed';
  stripe_refund_id: string | null;
  failure_message: string | null;
  stock_returned: number | boolean;
  staff_uid: string;
  staff_email: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

function iso(value: string | Date): string {
  return typeof value === 'string' ? value : value.toISOString();
}

export function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.id,
    number: Number(row.number),
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    uid: row.uid,
    email: row.email,
    billing: typeof row.billing === 'string' ? (JSON.parse(row.billing) as Billing) : row.billing,
    status: row.status as OrderStatus,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    totalCents: row.total_cents,
    currency: row.currency,
    coupon: row.coupon,
    paymentId: row.payment_id,
    paymentSource: row.payment_source,
    chargeStartedAt: row.charge_started_at === null ? null : iso(row.charge_started_at),
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    stockSettled: row.stock_settled === true || row.stock_settled === 1,
    refundedCents: row.refunded_cents,
    lang: row.lang === 'ru' ? 'ru' : ('en' satisfies Lang),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
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
    detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as Record<string, unknown>) : row.detail,
    at: iso(row.at),
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
    lines: typeof row.lines === 'string' ? (JSON.parse(row.lines) as RefundLine[]) : row.lines,
    status: row.status,
    stripeRefundId: row.stripe_refund_id,
    failureMessage: row.failure_message,
    stockReturned: row.stock_returned === true || row.stock_returned === 1,
    staff: { uid: row.staff_uid, email: row.staff_email },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
