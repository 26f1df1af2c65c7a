// Paying for a cart: POST /save-stripe-token (the spec's card token flow), POST /api/checkout/payment-intents
// and POST /api/checkout/orders/{id}/payment (the card path), what they take and what they answer.
import { z } from 'zod';
import { BILLING_FIELDS, BILLING_RULES, type BillingField, type FieldRule, type RequiredBillingField } from './billing.ts';
import { LANGS } from './facts.ts';
import { cents } from './parts.ts';

/**
 * Text a person could have typed: no NUL byte and no unpaired UTF-16 surrogate ("\ud800" in JSON).
 * PostgreSQL refuses both in jsonb (the request failed with a 500), so they are refused here, alike
 * on every storage backend.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const typeable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

// Billing fields' schemas, from the rules the checkout form validates with too.
function text({ label, required, max, pattern }: FieldRule) {
  const base = z
    .string({ message: required ? `${label} is required` : `${label} must be text` })
    .trim()
    .min(required ? 1 : 0, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
  return (pattern ? base.regex(pattern.test, pattern.message) : base).refine(typeable, `${label} contains characters that are not allowed`);
}

/** Optional fields may be missing, null or empty: forms send all three. */
const optionalText = (rule: FieldRule) =>
  text(rule)
    .nullish()
    .transform((value) => value || undefined);

type BillingShape = {
  [F in BillingField]: F extends RequiredBillingField ? ReturnType<typeof text> : ReturnType<typeof optionalText>;
};

/** Ids as the catalogue issues them: positive 32-bit integers (a numeric string is accepted too). */
const notAnId = 'must be a product id (a positive whole number)';
const productIdSchema = z.union(
  [
    z.number().int(notAnId).positive(notAnId).max(2_147_483_647, notAnId),
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, notAnId)
      .transform(Number)
      .pipe(z.number().max(2_147_483_647, notAnId)),
  ],
  { message: notAnId },
);

/** Cart lines as the cart stores them; every other field (price, title, ...) is ignored on purpose. */
export const cartLines = z
  .array(
    z.object({
      id: productIdSchema,
      qun: z
        .number({ message: 'quantity must be a number' })
        .int('quantity must be a whole number')
        .min(1, 'quantity must be at least 1')
        .max(99, 'quantity must be at most 99'),
    }),
    { message: 'lines must be a list of cart items' },
  )
  .min(1, 'Your cart is empty')
  .max(100, 'At most 100 different products per order');

const billing = z.object(
  Object.fromEntries(
    BILLING_FIELDS.map((field) => [field, BILLING_RULES[field].required ? text(BILLING_RULES[field]) : optionalText(BILLING_RULES[field])]),
  ) as BillingShape,
  { message: 'billing details are required' },
);

/** POST /save-stripe-token: the card token, who pays, the cart, and the key that makes a retry safe. */
export const checkoutRequest = z.object(
  {
    token: z.looseObject(
      {
        // Test tokens of the local mock may be chained with "|" (tok_500|tok_visa); real ones are tok_<alnum>.
        id: z.string({ message: 'card token id is required' }).regex(/^tok_[A-Za-z0-9_|]{1,200}$/, 'must be a card token id like tok_...'),
      },
      { message: 'card token is required' },
    ),
    email: text(BILLING_RULES.email),
    lines: cartLines,
    billing,
    couponCode: z
      .string({ message: 'couponCode must be text' })
      .trim()
      .max(32, 'Coupon code is too long')
      .nullish()
      .transform((value) => (value ? value.toUpperCase() : undefined)),
    idempotencyKey: z.uuid('idempotencyKey must be a UUID'),
    // The shop's language on the page, for the shopper's messages. Older pages do not send it, and a
    // language the shop does not speak is no reason to refuse a payment: both mean English.
    lang: z
      .enum(LANGS)
      .optional()
      .catch(undefined)
      .transform((value) => value ?? 'en'),
  },
  { message: 'The request body must be a JSON object' },
);

/** POST /api/checkout/payment-intents: the checkout request without a card; the card goes from the page to Stripe, never through the shop. */
export const paymentIntentRequest = checkoutRequest.omit({ token: true });

/** A paid order (200): the spec reads `email` from it. */
export const paidAnswer = z.object({ email: z.string(), orderId: z.string(), orderNumber: z.number().int(), totalCents: cents, status: z.literal('paid') });

/** The order waits for the card (201): the page confirms it with Stripe using the client secret. */
export const paymentStarted = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  totalCents: cents,
  currency: z.string(),
  clientSecret: z.string(),
});

/**
 * Not paid: `code` says why (card_declined, out_of_stock, in_progress, payment_pending,
 * payment_unconfirmed, ...), `orderId` names the order when one exists, `errors` the fields at fault.
 */
export const paymentProblem = z.object({
  message: z.string(),
  code: z.string().nullable().optional(),
  orderId: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export type CheckoutRequest = z.output<typeof checkoutRequest>;
/** What a page sends to start paying by card. */
export type PaymentIntentRequest = z.input<typeof paymentIntentRequest>;
export type CartLine = z.output<typeof cartLines>[number];
export type PaidAnswer = z.output<typeof paidAnswer>;
export type PaymentStarted = z.output<typeof paymentStarted>;
export type PaymentProblem = z.output<typeof paymentProblem>;
