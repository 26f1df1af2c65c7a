// Representative answers of both APIs, one order's story: paid by card, packed, shipped with DHL, one
// lamp of two refunded. The service's contract test (mf-checkout/server/contract.test.ts)
// holds them to what the service really answers, field for field; callers' tests read them through
// their clients, so a change of an answer that breaks a caller fails that caller's tests.
import type { z } from 'zod';
import type { paidAnswer, paymentProblem, paymentStarted } from '../checkout.ts';
import type { shopperOrder, shopperOrderList } from '../shopper.ts';
import type { figuresAnswer, moveAnswer, orderDetail, orderPage, orderSummary, refundAnswer, staffMember } from '../staff.ts';

const id = '7d1c0b3e-1111-4222-8333-444455556666';
const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`;
const staff = { uid: 'staff-ann', email: 'ann@shop.example' };
const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'United Kingdom',
  street: '12 St James Square',
  city: 'London',
  postCode: 'SW1Y 4JH',
  phone: '+44 20 7946 0000',
  email: 'ada@example.com',
};
const lines = [
  { productId: '1', title: 'Oak Side Table', unitCents: 2000, quantity: 1, lineCents: 2000 },
  { productId: '2', title: 'Brass Desk Lamp', unitCents: 500, quantity: 2, lineCents: 1000 },
];
const shipment = {
  carrier: 'dhl' as const,
  carrierName: 'DHL',
  trackingNumber: 'JD0123456789',
  trackingUrl: 'https://www.dhl.com/en/express/tracking.html?AWB=JD0123456789',
};
const refundedLines = [{ productId: '2', quantity: 1, amountCents: 500 }];

export const staffMemberExample = { ...staff, role: 'admin' } satisfies z.input<typeof staffMember>;

export const orderSummaryExample = {
  id,
  number: 1042,
  status: 'shipped',
  payment: 'partially_refunded',
  email: billing.email,
  name: 'Ada Lovelace',
  currency: 'usd',
  totalCents: 3000,
  refundedCents: 500,
  createdAt: at(0),
  updatedAt: at(30),
} satisfies z.input<typeof orderSummary>;

export const orderPageExample = { orders: [orderSummaryExample], nextCursor: 'eyJjIjoiMjAyNi0xMS0yN1QxMDowMDowMC4wMDBaIiwibiI6MTA0Mn0' } satisfies z.input<
  typeof orderPage
>;

const paid = {
  id: 1,
  type: 'payment_succeeded',
  fromStatus: 'pending',
  toStatus: 'paid',
  at: at(1),
  by: { actor: 'pi_3Nexample' },
  detail: { paymentId: 'pi_3Nexample' },
};
const packed = { id: 2, type: 'packed', fromStatus: 'paid', toStatus: 'packed', at: at(10), by: staff, detail: {} };
const shipped = { id: 3, type: 'shipped', fromStatus: 'packed', toStatus: 'shipped', at: at(20), by: staff, detail: { shipment } };
const refunded = {
  id: 4,
  type: 'refund_succeeded',
  fromStatus: 'shipped',
  toStatus: 'shipped',
  at: at(30),
  by: staff,
  detail: { refundId: 'b9a4c3d2-5555-4666-8777-888899990000', amountCents: 500, stripeRefundId: 're_3Nexample', lines: refundedLines },
};
const refund = {
  id: 'b9a4c3d2-5555-4666-8777-888899990000',
  kind: 'refund',
  status: 'succeeded',
  amountCents: 500,
  lines: refundedLines,
  stripeRefundId: 're_3Nexample',
  failureMessage: null,
  by: staff,
  createdAt: at(30),
} as const;

export const orderDetailExample = {
  ...orderSummaryExample,
  billing,
  coupon: null,
  subtotalCents: 3000,
  discountCents: 0,
  lines: lines.map((line) => ({ ...line, refundedQuantity: line.productId === '2' ? 1 : 0 })),
  paymentRecord: {
    id: 'pi_3Nexample',
    kind: 'payment_intent',
    source: 'pi_3Nexample',
    chargeStartedAt: at(1),
    failure: null,
    events: [paid, refunded],
    refunds: [{ ...refund, stockReturned: true }],
  },
  stockSettled: true,
  timeline: [paid, packed, shipped, refunded],
} satisfies z.input<typeof orderDetail>;

export const moveAnswerExample = { orderId: id, status: 'shipped', event: shipped } satisfies z.input<typeof moveAnswer>;

export const refundAnswerExample = { orderId: id, refund } satisfies z.input<typeof refundAnswer>;

export const figuresAnswerExample = {
  hours: [
    { start: '2026-11-27T09:00:00.000Z', orders: 0, revenueCents: 0, paymentFailures: 0 },
    { start: '2026-11-27T10:00:00.000Z', orders: 1, revenueCents: 3000, paymentFailures: 0 },
  ],
  currency: 'usd',
} satisfies z.input<typeof figuresAnswer>;

export const shopperOrderExample = {
  id,
  number: 1042,
  status: 'shipped',
  email: billing.email,
  billing,
  currency: 'usd',
  subtotalCents: 3000,
  discountCents: 0,
  totalCents: 3000,
  refundedCents: 500,
  coupon: null,
  paymentId: 'pi_3Nexample',
  failure: null,
  createdAt: at(0),
  updatedAt: at(30),
  lines,
  timeline: [
    { type: 'payment_succeeded', status: 'paid', at: at(1) },
    { type: 'packed', status: 'packed', at: at(10) },
    { type: 'shipped', status: 'shipped', at: at(20), shipment },
    { type: 'refund_succeeded', status: 'shipped', at: at(30), amountCents: 500, lines: refundedLines },
  ],
} satisfies z.input<typeof shopperOrder>;

export const shopperOrderListExample = { orders: [shopperOrderExample] } satisfies z.input<typeof shopperOrderList>;

export const paidAnswerExample = { email: billing.email, orderId: id, orderNumber: 1042, totalCents: 3000, status: 'paid' } satisfies z.input<
  typeof paidAnswer
>;

export const paymentStartedExample = {
  orderId: id,
  orderNumber: 1042,
  totalCents: 3000,
  currency: 'usd',
  clientSecret: 'pi_3Nexample_secret_abc',
} satisfies z.input<typeof paymentStarted>;

export const paymentProblemExample = { message: 'Your card was declined.', code: 'card_declined', orderId: id } satisfies z.input<typeof paymentProblem>;
