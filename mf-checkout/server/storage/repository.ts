import type { Failure, NewOrder, Order, OrderLine, Totals } from '../orders/model.ts';

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
}

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
  close(): Promise<void>;
}
