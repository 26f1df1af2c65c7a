/**
 * The facts of an order that the checkout service and every caller of its APIs share: statuses, the
 * moves staff make and who may make them, what can be cancelled or refunded, what a timeline tells,
 * the carriers. Plain data, no zod: a shopper's page may import it without any validation library.
 */

/**
 * pending: created, stock possibly reserved, card possibly charged. paid and failed end the checkout;
 * only a charge that Stripe reports as succeeded may move failed to paid. After payment staff move an
 * order on (MOVES): paid -> packed -> shipped -> delivered; cancelled (from paid or packed) and
 * refunded (everything paid refunded) are final.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'packed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where the money of an order stands, as the staff list shows and filters it. */
export const PAYMENT_OUTCOMES = ['pending', 'succeeded', 'failed', 'partially_refunded', 'refunded'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The status moves staff make without money changing hands: from which statuses each is allowed, and to which it leads. */
export const MOVES = {
  pack: { from: ['paid'], to: 'packed' },
  ship: { from: ['packed'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type Move = keyof typeof MOVES;

/** A cancel refunds what is left and ends the order: only before it left the shop. */
export const CANCELLABLE_STATUSES = ['paid', 'packed'] as const satisfies readonly OrderStatus[];

/** Paid for and not refunded in full yet (a cancelled order whose refund failed too). */
export const REFUNDABLE_STATUSES = ['paid', 'packed', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];

export type StaffRole = 'staff' | 'admin';

/** Every change staff make to an order, with the least role it needs: cancelling and refunding move money. */
export const STAFF_ACTIONS = { pack: 'staff', ship: 'staff', deliver: 'staff', cancel: 'admin', refund: 'admin' } as const satisfies Record<
  Move | 'cancel' | 'refund',
  StaffRole
>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

/** What can happen to an order; each is an entry of its timeline. */
export const ORDER_EVENTS = [
  'payment_succeeded',
  'payment_failed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refund_succeeded',
  'refund_failed',
] as const;
export type OrderEventType = (typeof ORDER_EVENTS)[number];

/** What a shopper is told of: a refund Stripe refused is the shop's business, not theirs. */
export const SHOPPER_EVENTS = [
  'payment_succeeded',
  'payment_failed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refund_succeeded',
] as const satisfies readonly OrderEventType[];
export type ShopperEventType = (typeof SHOPPER_EVENTS)[number];

/** The carriers staff ship with, and where a shopper follows a parcel ({number}: its tracking number). */
export const CARRIERS = {
  dhl: { name: 'DHL', trackingUrl: 'https://www.dhl.com/en/express/tracking.html?AWB={number}' },
  ups: { name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={number}' },
  fedex: { name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  usps: { name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  'royal-mail': { name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
  dpd: { name: 'DPD', trackingUrl: 'https://www.dpd.co.uk/apps/tracking/?parcel={number}' },
} as const;
export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as [CarrierCode, ...CarrierCode[]];

/** A tracking number as a carrier prints it, once trimmed and upper-cased. */
export const TRACKING_NUMBER = /^[A-Z0-9-]{6,40}$/;

/** The languages the shop speaks; a shopper's messages are written in the one they bought in. */
export const LANGS = ['en', 'ru'] as const;
export type Lang = (typeof LANGS)[number];
