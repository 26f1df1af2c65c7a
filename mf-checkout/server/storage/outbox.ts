import type { Lang } from '../orders/model.ts';

/** What the shop tells a shopper, each kind with the data its templates need (kept in the row as JSON). */
export type MessageKind = 'order-confirmation' | 'order-shipped' | 'order-refunded' | 'password-reset';

export interface MessageLine {
  title: string;
  quantity: number;
  /** What these units cost (a refund: what was refunded for them). */
  amountCents: number;
}

interface OrderData {
  orderId: string;
  orderNumber: number;
  /** The billing first name, for the greeting. */
  firstName: string;
}

export interface ConfirmationData extends OrderData {
  lines: MessageLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  coupon: string | null;
}

export interface ShippedData extends OrderData {
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string;
}

export interface RefundedData extends OrderData {
  amountCents: number;
  lines: MessageLine[];
  /** The order was cancelled (the refund is everything not refunded before). */
  cancelled: boolean;
  /** Everything refunded on the order so far, this refund included, and what was paid. */
  refundedCents: number;
  totalCents: number;
}

export interface PasswordResetData {
  /** The shop's own reset page with the Auth service's code. */
  link: string;
}

export type MessageContent =
  | { kind: 'order-confirmation'; data: ConfirmationData }
  | { kind: 'order-shipped'; data: ShippedData }
  | { kind: 'order-refunded'; data: RefundedData }
  | { kind: 'password-reset'; data: PasswordResetData };

export type NewMessage = MessageContent & {
  id: string;
  /** The same message written twice (a repeated transition) is stored once. */
  dedupeKey: string;
  orderId: string | null;
  recipient: string;
  lang: Lang;
  /** The Message-ID header of every attempt, so a receiver can recognise a repeat. */
  messageId: string;
  createdAt: string;
};

export type MessageState = 'queued' | 'sending' | 'sent' | 'failed';

export type OutboxMessage = NewMessage & {
  state: MessageState;
  /** Attempts started, the one in flight included. */
  attempts: number;
  /** When a queued message is due; for one being sent, when its lease ends. */
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  sentAt: string | null;
  lastError: string | null;
};

/**
 * The outbox of the orders database. Writes that belong to an order's change happen inside the
 * repository's transaction for it; these are the worker's and the operators' operations.
 */
export interface OutboxStore {
  /** Queues a message of its own (a password reset); false when its dedupe key is already there. */
  enqueue(message: NewMessage): Promise<boolean>;
  /**
   * Leases up to `limit` due messages to `worker` until `leaseUntil`, counting an attempt for each:
   * queued ones whose time came, and ones whose lease ran out (their worker died mid-send). Two
   * workers never lease the same message at once. A lease that ran out on the last attempt is left
   * to failExpired; a queued message always gets its attempt.
   */
  claimDue(worker: string, now: string, leaseUntil: string, limit: number, maxAttempts: number): Promise<OutboxMessage[]>;
  /** The SMTP server accepted it. False when the lease was not this worker's any more. */
  markSent(id: string, worker: string, at: string): Promise<boolean>;
  /** A failed attempt: queued again at `retryAt`, or failed for good when retryAt is null. */
  markAttemptFailed(id: string, worker: string, error: string, retryAt: string | null): Promise<boolean>;
  /** Leases that ran out on the last attempt: failed for good (answers them, for the log). */
  failExpired(now: string, maxAttempts: number): Promise<OutboxMessage[]>;
  list(filter: { orderId?: string; state?: MessageState; limit?: number }): Promise<OutboxMessage[]>;
  /** Operators: failed messages (all, or these ids) queued again with fresh attempts; answers how many. */
  requeueFailed(at: string, ids?: readonly string[]): Promise<number>;
  /**
   * Retention: deletes up to `limit` of the oldest messages sent before `before`, in one short
   * statement; answers how many went. Queued, sending and failed messages are never deleted.
   */
  purgeSent(before: string, limit: number): Promise<number>;
}
