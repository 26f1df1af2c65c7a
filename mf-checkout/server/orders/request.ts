import { createHash } from 'node:crypto';
import { z } from 'zod';
import { LANGS } from './model.ts';
import { BILLING_FIELDS, BILLING_RULES, type BillingField, type FieldRule, type RequiredBillingField } from '../../src/billing/billingRules.ts';

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

const email = text(BILLING_RULES.email);

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
export const linesSchema = z
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

const billingSchema = z.object(
  Object.fromEntries(
    BILLING_FIELDS.map((field) => [field, BILLING_RULES[field].required ? text(BILLING_RULES[field]) : optionalText(BILLING_RULES[field])]),
  ) as BillingShape,
  { message: 'billing details are required' },
);

export const checkoutRequestSchema = z.object(
  {
    token: z.looseObject(
      {
        // Test tokens of the local mock may be chained with "|" (tok_500|tok_visa); real ones are tok_<alnum>.
        id: z.string({ message: 'card token id is required' }).regex(/^tok_[A-Za-z0-9_|]{1,200}$/, 'must be a card token id like tok_...'),
      },
      { message: 'card token is required' },
    ),
    email,
    lines: linesSchema,
    billing: billingSchema,
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

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;
export type CartLine = z.output<typeof linesSchema>[number];

/** Cart lines with one entry per product (a cart may list a product twice), in first-seen order. */
export function mergeLines(lines: CartLine[]): { productId: number; quantity: number }[] {
  const merged = new Map<string, { productId: number; quantity: number }>();
  for (const line of lines) {
    const key = String(line.id);
    const existing = merged.get(key);
    if (existing) existing.quantity += line.qun;
    else merged.set(key, { productId: line.id, quantity: line.qun });
  }
  return [...merged.values()];
}

/**
 * What a key pays for: the merged cart lines and the coupon. A retry of the same purchase may carry
 * a fresh card token or corrected billing details and still gets the first attempt's answer; the
 * same key for another cart is refused.
 */
export function requestFingerprint(request: Pick<CheckoutRequest, 'lines' | 'couponCode'>): string {
  const lines = mergeLines(request.lines)
    .map((line) => [line.productId, line.quantity] as const)
    .sort(([a], [b]) => a - b);
  const canonical = JSON.stringify({ lines, coupon: request.couponCode ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}
