import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Engine } from 'service-kit/sql';
import type { Billing } from '../orders/model.ts';
import type { MessageKind, MessageState } from './outbox.ts';
import type { RefundLine } from './repository.ts';

/**
 * The orders database as both engines hold it (migrations/): each column typed as written and as
 * either driver reads it back (service-kit/sql's readInstant, readJson and readFlag make one of it).
 */

/** ISO text written; ISO text from SQLite, a Date from PostgreSQL's timestamptz. */
type Instant = ColumnType<string | Date, string, string>;
type MaybeInstant = ColumnType<string | Date | null, string | null, string | null>;
/** Written as JSON text; text from SQLite, parsed from PostgreSQL's jsonb. */
type Json<T> = ColumnType<string | T, string, string>;
/** 0/1 on SQLite, boolean on PostgreSQL; written through Engine.bool. */
type Flag = ColumnType<number | boolean, boolean | undefined, boolean>;

export interface OrdersTable {
  id: string;
  /** PostgreSQL's identity; Engine.nextNumber on SQLite. */
  number: Generated<number>;
  idempotency_key: string;
  request_hash: string;
  uid: string | null;
  email: string;
  billing: Json<Billing>;
  status: string;
  subtotal_cents: Generated<number>;
  discount_cents: Generated<number>;
  total_cents: Generated<number>;
  currency: string;
  coupon: string | null;
  payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  payment_source: ColumnType<string | null, string | null | undefined, string | null>;
  charge_started_at: MaybeInstant;
  failure_code: ColumnType<string | null, string | null | undefined, string | null>;
  failure_message: ColumnType<string | null, string | null | undefined, string | null>;
  stock_settled: Flag;
  refunded_cents: Generated<number>;
  lang: string;
  created_at: Instant;
  updated_at: Instant;
}

export interface OrderLinesTable {
  order_id: string;
  position: number;
  product_id: string;
  title: string;
  unit_cents: number;
  quantity: number;
  line_cents: number;
}

export interface OrderEventsTable {
  /** bigint on PostgreSQL: pg answers it as text. */
  id: Generated<number | string>;
  order_id: string;
  type: string;
  from_status: string | null;
  to_status: string;
  actor: string;
  detail: Json<Record<string, unknown>>;
  at: Instant;
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderRefundsTable {
  id: string;
  order_id: string;
  request_key: string;
  request_hash: string;
  kind: 'refund' | 'cancel';
  amount_cents: number;
  lines: Json<RefundLine[]>;
  status: 'pending' | 'succeeded' | 'failed';
  stripe_refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  failure_message: ColumnType<string | null, string | null | undefined, string | null>;
  stock_returned: Flag;
  staff_uid: string;
  staff_email: string | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface OutboxTable {
  id: string;
  kind: MessageKind;
  dedupe_key: string;
  order_id: string | null;
  recipient: string;
  lang: string;
  data: Json<Record<string, unknown>>;
  message_id: string;
  state: MessageState;
  attempts: number;
  next_attempt_at: Instant;
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_until: ColumnType<string | Date | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Instant;
}

export interface OrdersDatabase {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  order_refunds: OrderRefundsTable;
  outbox: OutboxTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type LineRow = Selectable<OrderLinesTable>;
export type EventRow = Selectable<OrderEventsTable>;
export type RefundRow = Selectable<OrderRefundsTable>;
export type OutboxRow = Selectable<OutboxTable>;

/**
 * The orders database and the engine under it; inside a transaction `db` is the transaction, so a
 * step written for one runs in the other's. Never reach for the outer `db` inside a transaction: on
 * SQLite it waits for the transaction's own turn (service-kit's NodeSqliteDialect).
 */
export interface OrdersSql {
  db: Kysely<OrdersDatabase>;
  engine: Engine;
}

/** `work` in one transaction: BEGIN IMMEDIATE on SQLite, BEGIN on PostgreSQL (rows locked with Engine.forUpdate). */
export function inTransaction<T>({ db, engine }: OrdersSql, work: (inside: OrdersSql) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => work({ db: trx, engine }));
}
