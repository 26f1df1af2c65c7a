// What the shopper's and the staff's answers have in common. Answers are z.object: a field a newer
// service adds is dropped by an older caller instead of refusing the answer (see README.md).
import { z } from 'zod';
import { BILLING_FIELDS, BILLING_RULES, type BillingField, type RequiredBillingField } from './billing.ts';
import { CARRIER_CODES, ORDER_STATUSES } from './facts.ts';

/** Money, always in integer minor units of the order's currency. */
export const cents = z.number().int().min(0);
/** A moment as the service writes it (ISO 8601, UTC). */
export const instant = z.iso.datetime({ offset: true });
export const orderStatus = z.enum(ORDER_STATUSES);

type BillingAnswerShape = { [F in BillingField]: F extends RequiredBillingField ? z.ZodString : z.ZodOptional<z.ZodString> };

/** The billing details as the shopper gave them (optional fields left out when empty). */
export const billingDetails = z.object(
  Object.fromEntries(BILLING_FIELDS.map((field) => [field, BILLING_RULES[field].required ? z.string() : z.string().optional()])) as BillingAnswerShape,
);

export const orderLine = z.object({
  productId: z.string(),
  title: z.string(),
  unitCents: cents,
  quantity: z.number().int().min(1),
  lineCents: cents,
});

/** A shipment as the timeline tells it: the carrier and a tracking link a page may open (http or https only). */
export const shipment = z.object({
  carrier: z.enum(CARRIER_CODES),
  carrierName: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.url({ protocol: /^https?$/ }),
});

/** Units of a product refunded, with what they were worth. */
export const refundLine = z.object({ productId: z.string(), quantity: z.number().int().min(0), amountCents: cents });

/**
 * A list of entries a newer service may add kinds to (an order's timeline): an entry this version does
 * not read is left out, not the answer refused. The service's own check still sees it: what it sent
 * and what the contract reads then differ (service-kit/answer-check).
 */
export const knownEntries = <T extends z.ZodType>(entry: T) =>
  z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const read = entry.safeParse(item);
      return read.success ? [read.data as z.output<T>] : [];
    }),
  );

/** The id of an order in an address (…/orders/{id}). */
export const orderId = z.object({ id: z.uuid({ error: 'not an order id' }) });

/** A refusal or failure: one sentence a person can act on, and whatever else the route adds (a code, the fields at fault). */
export const problem = z.looseObject({ message: z.string() });

export type BillingDetails = z.output<typeof billingDetails>;
export type OrderLine = z.output<typeof orderLine>;
export type ShipmentAnswer = z.output<typeof shipment>;
export type Problem = z.output<typeof problem>;
