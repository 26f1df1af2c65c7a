// The staff API of the checkout service (/api/checkout/staff/*): every request carries a staff
// member's Firebase ID token, every change an Idempotency-Key; what each route takes and answers.
import { z } from 'zod';
import { CARRIER_CODES, ORDER_STATUSES, PAYMENT_OUTCOMES, TRACKING_NUMBER, type StaffRole } from './facts.ts';
import { billingDetails, cents, instant, orderLine, orderStatus, refundLine, shipment } from './parts.ts';

export const STAFF_API = '/api/checkout/staff';

export const ORDER_PAGE_DEFAULT = 50;
export const ORDER_PAGE_MAX = 100;
export const ORDER_SEARCH_MAX = 200;
/** A page's cursor as the list gives it out: opaque to every caller. */
export const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;
/** A day, YYYY-MM-DD (UTC). */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day or an ISO instant, as an ISO instant; an end day takes in the whole of it. */
const dateBound = (end: boolean) =>
  z
    .string()
    .refine((value) => (DAY.test(value) || /^\d{4}-\d{2}-\d{2}T/.test(value)) && !Number.isNaN(Date.parse(value)), {
      error: 'a date YYYY-MM-DD or an ISO date-time',
    })
    .transform((value) => {
      const date = new Date(value);
      if (end && DAY.test(value)) date.setUTCDate(date.getUTCDate() + 1);
      return date.toISOString();
    });

/** GET /orders: a number (#123 or 123) or the start of an e-mail address, filters, a page. */
export const orderListQuery = z.strictObject({
  q: z.string().trim().max(ORDER_SEARCH_MAX).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  payment: z.enum(PAYMENT_OUTCOMES).optional(),
  from: dateBound(false).optional(),
  to: dateBound(true).optional(),
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX).default(ORDER_PAGE_DEFAULT),
  cursor: z.string().regex(CURSOR, { error: 'not a cursor this list gave out' }).optional(),
});

/** POST /orders/{id}/ship. */
export const shipmentRequest = z.strictObject({
  carrier: z.enum(CARRIER_CODES, { error: `carrier must be one of ${CARRIER_CODES.join(', ')}` }),
  trackingNumber: z.string().trim().toUpperCase().regex(TRACKING_NUMBER, { error: 'trackingNumber must be 6 to 40 letters, digits or dashes' }),
});

/** POST /orders/{id}/refunds: some units of some lines, or (without lines) everything not refunded yet. */
export const refundRequest = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          productId: z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()]).transform(String),
          quantity: z.number().int().min(1).max(10_000),
        }),
      )
      .min(1)
      .max(200)
      .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, { error: 'each productId may appear only once' })
      .optional(),
  })
  .default({});

/** GET /figures: up to a week of hours, enough for "yesterday at this time" and a small, fast answer. */
export const figuresQuery = z.strictObject({ hours: z.coerce.number().int().min(1).max(168).default(24) });

/** GET /me: who the token says is asking. */
export const staffMember = z.object({ uid: z.string(), email: z.string().nullable(), role: z.enum(['staff', 'admin'] satisfies StaffRole[]) });

/** An order as the list shows it. */
export const orderSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatus,
  payment: z.enum(PAYMENT_OUTCOMES),
  email: z.string(),
  name: z.string(),
  currency: z.string(),
  totalCents: cents,
  refundedCents: cents,
  createdAt: instant,
  updatedAt: instant,
});

export const orderPage = z.object({ orders: z.array(orderSummary), nextCursor: z.string().regex(CURSOR).nullable() });

/** Who did something: a staff member, or the payment source or the shop itself (`actor`). */
export const actor = z.object({ uid: z.string().optional(), email: z.string().nullable().optional(), actor: z.string().optional() });

/** An entry of an order's timeline: `type` is one of ORDER_EVENTS; `detail` what the change recorded. */
export const orderEvent = z.object({
  id: z.number().int(),
  type: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  at: instant,
  by: actor,
  detail: z.looseObject({ shipment: shipment.optional(), amountCents: cents.optional(), lines: z.array(refundLine).optional() }),
});

export const refund = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'cancel']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountCents: cents,
  lines: z.array(refundLine),
  stripeRefundId: z.string().nullable(),
  failureMessage: z.string().nullable(),
  by: actor,
  createdAt: instant,
});

/** The order page: everything staff need to answer a shopper, and the payment's whole record. */
export const orderDetail = orderSummary.extend({
  billing: billingDetails,
  coupon: z.string().nullable(),
  subtotalCents: cents,
  discountCents: cents,
  lines: z.array(orderLine.extend({ refundedQuantity: z.number().int().min(0) })),
  paymentRecord: z.object({
    id: z.string().nullable(),
    kind: z.enum(['payment_intent', 'charge']).nullable(),
    source: z.string().nullable(),
    chargeStartedAt: instant.nullable(),
    failure: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
    events: z.array(orderEvent),
    refunds: z.array(refund.extend({ stockReturned: z.boolean() })),
  }),
  stockSettled: z.boolean(),
  timeline: z.array(orderEvent),
});

/** A move (pack, ship, deliver) made, or the same request repeated. */
export const moveAnswer = z.object({ orderId: z.string(), status: orderStatus, event: orderEvent });

/** A refund or a cancel settled (a cancel also names the order's new status); also the body of its 409 and 503. */
export const refundAnswer = z.object({ message: z.string().optional(), orderId: z.string().optional(), status: orderStatus.optional(), refund });

export const figuresAnswer = z.object({
  hours: z.array(z.object({ start: instant, orders: z.number().int().min(0), revenueCents: cents, paymentFailures: z.number().int().min(0) })),
  currency: z.string(),
});

export { orderId, problem, type Problem } from './parts.ts';
export type OrderListQuery = z.input<typeof orderListQuery>;
export type ShipmentRequest = z.input<typeof shipmentRequest>;
/** A shipment as the service takes it: the tracking number trimmed and upper-cased. */
export type Shipment = z.output<typeof shipmentRequest>;
export type RefundRequest = z.input<typeof refundRequest>;
export type RefundLineRequest = NonNullable<z.output<typeof refundRequest>['lines']>[number];
export type StaffMember = z.output<typeof staffMember>;
export type OrderSummary = z.output<typeof orderSummary>;
export type OrderPage = z.output<typeof orderPage>;
export type OrderEvent = z.output<typeof orderEvent>;
export type Refund = z.output<typeof refund>;
export type OrderDetail = z.output<typeof orderDetail>;
/** A line of the order page: what was bought and how many units were refunded. */
export type StaffOrderLine = OrderDetail['lines'][number];
export type MoveAnswer = z.output<typeof moveAnswer>;
export type RefundAnswer = z.output<typeof refundAnswer>;
export type FiguresAnswer = z.output<typeof figuresAnswer>;
