import type { Lang, OrderStatus } from 'orders-api/facts';
import type { BillingDetails } from 'orders-api/shopper';

export { LANGS, type Lang, type OrderStatus } from 'orders-api/facts';

/** Billing details exactly as the checkout form collects them. */
export type Billing = BillingDetails;

/** Every status an order reaches only after Stripe took its payment. */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'];

export const wasPaid = (status: OrderStatus): boolean => PAID_STATUSES.includes(status);

export interface OrderLine {
  productId: string;
  title: string;
  unitCents: number;
  quantity: number;
  lineCents: number;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

export interface Order extends Totals {
  id: string;
  number: number;
  idempotencyKey: string;
  /** Fingerprint of the cart and coupon the key pays for: the key reused for another cart is refused. */
  requestHash: string;
  uid: string | null;
  email: string;
  billing: Billing;
  status: OrderStatus;
  currency: string;
  coupon: string | null;
  paymentId: string | null;
  /** The card token charged; kept so that a reconciler can recognise the charge. */
  paymentSource: string | null;
  /** Set just before the charge is sent: an order without it was certainly never charged. */
  chargeStartedAt: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** True once the catalogue confirmed the commit (paid) or release (failed) of the reservation. */
  stockSettled: boolean;
  /** What staff refunded through Stripe so far (succeeded refunds only). */
  refundedCents: number;
  /** The shop's language when the shopper checked out ('en' for orders from before 0004-outbox). */
  lang: Lang;
  createdAt: string;
  updatedAt: string;
  lines: OrderLine[];
}

export interface NewOrder {
  id: string;
  idempotencyKey: string;
  requestHash: string;
  uid: string | null;
  email: string;
  billing: Billing;
  currency: string;
  coupon: string | null;
  /** 'en' when the client did not say (older pages). */
  lang?: Lang;
  createdAt: string;
}

export interface Failure {
  code: string;
  message: string;
}
