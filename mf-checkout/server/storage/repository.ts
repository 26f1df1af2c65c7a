import type { Failure, NewOrder, Order, OrderLine, Totals } from '../orders/model.ts';

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
  /** Any state but paid -> paid: a succeeded charge is the truth even if a reconciler gave up earlier. */
  markPaid(id: string, paymentId: string, at: string): Promise<boolean>;
  /** pending -> failed; with onlyIfNotCharged, only while no charge was started. */
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
  close(): Promise<void>;
}
