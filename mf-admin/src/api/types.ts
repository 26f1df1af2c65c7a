import type { OrderStatus, PaymentOutcome } from '../orders/listQuery.ts';

/** An order as the staff list shows it (mf-checkout/server/staff/present.ts, listItemView). */
export interface OrderSummary {
  readonly id: string;
  readonly number: number;
  readonly status: OrderStatus;
  readonly payment: PaymentOutcome;
  readonly email: string;
  readonly name: string;
  readonly currency: string;
  readonly totalCents: number;
  readonly refundedCents: number;
  readonly createdAt: string;
}

export interface OrderPage {
  readonly orders: readonly OrderSummary[];
  readonly nextCursor: string | null;
}

export interface OrderLine {
  readonly productId: string;
  readonly title: string;
  readonly unitCents: number;
  readonly quantity: number;
  readonly lineCents: number;
  readonly refundedQuantity: number;
}

/** Who did something: a staff member, or the payment source or the shop itself. */
export interface Actor {
  readonly uid?: string;
  readonly email?: string | null;
  readonly actor?: string;
}

export interface TimelineEvent {
  readonly id: string;
  readonly type: string;
  readonly fromStatus: string | null;
  readonly toStatus: string | null;
  readonly at: string;
  readonly by: Actor;
  readonly detail: Readonly<Record<string, unknown>>;
}

export interface Refund {
  readonly id: string;
  readonly kind: string;
  readonly status: string;
  readonly amountCents: number;
  readonly lines: readonly { productId: string; quantity: number }[];
  readonly failureMessage: string | null;
  readonly createdAt: string;
}

export interface OrderDetail extends OrderSummary {
  readonly billing: Readonly<Record<string, string | undefined>>;
  readonly coupon: string | null;
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly lines: readonly OrderLine[];
  readonly paymentRecord: {
    readonly id: string | null;
    readonly kind: string | null;
    readonly source: string | null;
    readonly refunds: readonly Refund[];
  };
  readonly timeline: readonly TimelineEvent[];
}

export type Move = 'pack' | 'ship' | 'deliver';
export type Action = Move | 'cancel' | 'refund';

export interface Shipment {
  readonly carrier: string;
  readonly trackingNumber: string;
}

export interface RefundLineRequest {
  readonly productId: string;
  readonly quantity: number;
}
