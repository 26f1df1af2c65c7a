import type { PaymentOutcome } from 'orders-api/facts';
import type { Failure, NewOrder, Order, OrderLine, OrderStatus, Totals } from '../orders/model.ts';
import type { OutboxStore } from './outbox.ts';

/** One status change of an order: what moved it, from which status to which, who and when. */
export interface OrderEvent {
  /** Increases with each event of the store: events of one order in the order they happened. */
  id: number;
  orderId: string;
  /** What happened, e.g. payment_succeeded, payment_failed. */
  type: string;
  fromStatus: string | null;
  toStatus: string;
  /** Who made the change: the payment source (card token or PaymentIntent), 'system', or a staff member. */
  actor: string;
  detail: Record<string, unknown>;
  at: string;
  /** The Idempotency-Key of the staff request that made the change, if one did. */
  requestKey: string | null;
}

/** A member of staff as their verified ID token names them. */
export interface StaffActor {
  uid: string;
  email: string | null;
}

export interface RefundLine {
  productId: string;
  quantity: number;
  amountCents: number;
}

/** A refund staff asked Stripe for: pending until Stripe answered, then succeeded or failed. */
export interface OrderRefund {
  id: string;
  orderId: string;
  requestKey: string;
  /** Fingerprint of the request, so the same key sent with another request is recognised. */
  requestHash: string;
  /** cancel: the whole remaining payment, with the order cancelled in the same transaction. */
  kind: 'refund' | 'cancel';
  amountCents: number;
  lines: RefundLine[];
  status: 'pending' | 'succeeded' | 'failed';
  stripeRefundId: string | null;
  failureMessage: string | null;
  /** True once the catalogue took the returned lines back into stock. */
  stockReturned: boolean;
  staff: StaffActor;
  createdAt: string;
  updatedAt: string;
}

/** A page of the staff's order list, newest first; `after` is the last order of the previous page. */
export interface StaffOrderQuery {
  number?: number;
  /** Lower-case beginning of the e-mail address. */
  emailPrefix?: string;
  status?: OrderStatus;
  payment?: PaymentOutcome;
  /** ISO instants: created at or after `createdFrom`, strictly before `createdBefore`. */
  createdFrom?: string;
  createdBefore?: string;
  after?: { createdAt: string; number: number };
  limit: number;
}

/** A status change asked for by staff: made only from one of `from`, recorded with the request's key. */
export interface StaffStatusChange {
  from: readonly OrderStatus[];
  to: OrderStatus;
  type: string;
  staff: StaffActor;
  requestKey: string;
  detail: Record<string, unknown>;
  at: string;
}

/** What a refund's planner decides under the order's lock, seeing the order and its refunds as they are. */
export type RefundPlan =
  | { kind: 'refund'; refund: Omit<OrderRefund, 'status' | 'stripeRefundId' | 'failureMessage' | 'stockReturned' | 'updatedAt'>; cancel?: StaffStatusChange }
  | { kind: 'refused'; status: number; message: string };

export type RefundStart =
  | { kind: 'created'; refund: OrderRefund }
  | { kind: 'existing'; refund: OrderRefund }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'not_found' };

/**
 * Order storage. Every state change is a compare-and-set on the current state, so that concurrent
 * requests, several service instances and the recovery step can race without a lost update: the
 * boolean results say whether this caller's transition won.
 */
export interface OrderRepository {
  /** Inserts the order unless one with the same idempotency key exists; answers whichever is stored. */
  createPending(order: NewOrder): Promise<{ order: Order; created: boolean }>;
  findById(id: string): Promise<Order | null>;
  /** Stores the catalogue-priced lines and totals of a pending order. */
  recordPricing(id: string, lines: OrderLine[], totals: Totals, at: string): Promise<void>;
  /** pending and never charged -> charge started. False when another actor already moved the order. */
  markChargeStarted(id: string, paymentSource: string, at: string): Promise<boolean>;
  /** Any state but paid -> paid, recorded as an order event: a succeeded charge is the truth even if a reconciler gave up earlier. */
  markPaid(id: string, paymentId: string, at: string): Promise<boolean>;
  /** pending -> failed, recorded as an order event; with onlyIfNotCharged, only while no charge was started. */
  markFailed(id: string, failure: Failure, at: string, options?: { onlyIfNotCharged?: boolean }): Promise<boolean>;
  /**
   * Frees the idempotency key of a failed order that was certainly not charged and whose stock went
   * back, so the same key can make a new attempt (a retry after a passing outage). The order stays,
   * failed, under a retired key. False when the order is not such an order (anymore).
   */
  retireIdempotencyKey(id: string, retryableCodes: readonly string[], at: string): Promise<boolean>;
  markStockSettled(id: string, at: string): Promise<void>;
  /** Newest first. */
  listByUid(uid: string, limit: number): Promise<Order[]>;
  listPendingCreatedBefore(cutoff: string): Promise<Order[]>;
  /** Final orders whose reservation still has to be committed or released. */
  listUnsettledUpdatedBefore(cutoff: string): Promise<Order[]>;
  /** The order's status changes recorded since migration 0002-order-lifecycle, oldest first. */
  listEvents(orderId: string): Promise<OrderEvent[]>;
  /** The events of several orders in two queries' worth of work, each order's oldest first. */
  listEventsOf(orderIds: readonly string[]): Promise<Map<string, OrderEvent[]>>;
  /** The staff's order list (without lines), newest first: created_at, then number. */
  listForStaff(query: StaffOrderQuery): Promise<Omit<Order, 'lines'>[]>;
  /** Paid orders, their revenue and failed orders per UTC hour of creation in [from, to); hours without any are left out. */
  figuresByHour(from: string, to: string): Promise<HourFigures[]>;
  /**
   * A staff status change as a compare-and-set on the status, with its event, in one transaction:
   * the event when this request moved the order; null when the order is not in one of `from` or the
   * request key was already used on this order (the caller then looks at findEventByRequestKey).
   */
  moveStatus(orderId: string, change: StaffStatusChange): Promise<OrderEvent | null>;
  findEventByRequestKey(orderId: string, requestKey: string): Promise<OrderEvent | null>;
  /**
   * Records a pending refund (and, for a cancel, the cancellation) decided by `plan` while the order
   * is locked, so two refunds at once cannot both take the same money; a refund already made with
   * the same request key is answered instead.
   */
  beginRefund(orderId: string, requestKey: string, plan: (order: Order, refunds: OrderRefund[]) => RefundPlan, at: string): Promise<RefundStart>;
  /**
   * Stripe's answer for a pending refund: succeeded adds it to the order's refunded amount, moves a
   * fully refunded order (not cancelled) to refunded, and records the event; failed records why.
   * Answers the refund as stored (unchanged when it was not pending any more).
   */
  finishRefund(refundId: string, outcome: { stripeRefundId: string } | { failure: string }, at: string): Promise<OrderRefund>;
  markRefundStockReturned(refundId: string, at: string): Promise<void>;
  /** Refunds left unfinished by a request that ended early: still pending at Stripe, or succeeded with the stock not back. */
  listUnfinishedRefundsBefore(cutoff: string): Promise<OrderRefund[]>;
  listRefunds(orderId: string): Promise<OrderRefund[]>;
  /**
   * Messages to shoppers. markPaid (the confirmation), moveStatus to shipped (the shipping notice)
   * and a succeeded finishRefund (the refund notice) write theirs in the change's own transaction.
   */
  outbox: OutboxStore;
  close(): Promise<void>;
}

// The parts store.ts puts together, each written once for both engines in its own module (orders.ts, orderLists.ts, ...).

/** The checkout's own steps on an order, from its creation to its stock settled. */
export type OrderSteps = Pick<
  OrderRepository,
  'createPending' | 'findById' | 'recordPricing' | 'markChargeStarted' | 'markPaid' | 'markFailed' | 'retireIdempotencyKey' | 'markStockSettled'
>;

/** The lists of orders: a shopper's, the recovery's and the staff's. */
export type OrderLists = Pick<OrderRepository, 'listByUid' | 'listPendingCreatedBefore' | 'listUnsettledUpdatedBefore' | 'listForStaff'>;

/** The back office's daily figures. */
export type OrderFigures = Pick<OrderRepository, 'figuresByHour'>;

/** One hour's figures: `hour` is its start, an ISO instant on the hour (UTC). */
export interface HourFigures {
  hour: string;
  orders: number;
  revenueCents: number;
  paymentFailures: number;
}

/** An order's history and the staff's moves that write it. */
export type OrderEvents = Pick<OrderRepository, 'listEvents' | 'listEventsOf' | 'moveStatus' | 'findEventByRequestKey'>;

/** The refunds staff ask for, from their start under the order's lock to their stock back. */
export type OrderRefunds = Pick<OrderRepository, 'beginRefund' | 'finishRefund' | 'markRefundStockReturned' | 'listRefunds' | 'listUnfinishedRefundsBefore'>;
