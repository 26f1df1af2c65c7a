/** Billing details exactly as the checkout form collects them. */
export interface Billing {
  firstName: string;
  lastName: string;
  company?: string | undefined;
  country: string;
  street: string;
  street2?: string | undefined;
  city: string;
  county?: string | undefined;
  postCode: string;
  phone: string;
  email: string;
  notes?: string | undefined;
}

/**
 * pending: created, stock possibly reserved, card possibly charged (see chargeStartedAt).
 * paid and failed are final; only a charge that Stripe reports as succeeded may move failed to paid.
 */
export type OrderStatus = 'pending' | 'paid' | 'failed';

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
  createdAt: string;
}

export interface Failure {
  code: string;
  message: string;
}
