/**
 * The billing details' rules, once: the checkout form (mf-checkout/src/billing/billing.ts) and the
 * checkout request of this contract (checkout.ts) are both built from this table, so whatever the
 * form accepts the service accepts, and a change of a limit or pattern lands on both sides at once.
 * Pure data: no zod here, so the checkout page's bundle carries only these few lines.
 */

export const BILLING_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'country',
  'street',
  'street2',
  'city',
  'county',
  'postCode',
  'phone',
  'email',
  'notes',
] as const;

export type BillingField = (typeof BILLING_FIELDS)[number];

/** An email address as the service accepts it (the shape zod's email check uses). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** Digits with an optional leading +, spaces, dots, dashes and brackets; 5 to 30 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{4,29}$/;

export interface FieldRule {
  /** The field's name in the service's messages (the form has translated labels of its own). */
  readonly label: string;
  readonly required: boolean;
  /** Longest value, after trimming. */
  readonly max: number;
  /** A shape the trimmed value must have, and the service's words when it has not. */
  readonly pattern?: { readonly test: RegExp; readonly message: string };
}

export const BILLING_RULES = {
  firstName: { label: 'First name', required: true, max: 100 },
  lastName: { label: 'Last name', required: true, max: 100 },
  company: { label: 'Company name', required: false, max: 200 },
  country: { label: 'Country', required: true, max: 100 },
  street: { label: 'Street address', required: true, max: 200 },
  street2: { label: 'Street address line 2', required: false, max: 200 },
  city: { label: 'Town/City', required: true, max: 100 },
  county: { label: 'County', required: false, max: 100 },
  postCode: { label: 'Post code', required: true, max: 20 },
  phone: { label: 'Phone', required: true, max: 30, pattern: { test: PHONE_PATTERN, message: 'Enter a valid phone number' } },
  email: { label: 'Email address', required: true, max: 254, pattern: { test: EMAIL_PATTERN, message: 'Enter a valid email address' } },
  notes: { label: 'Other notes', required: false, max: 2000 },
} as const satisfies Readonly<Record<BillingField, FieldRule>>;

/** The fields a shopper must fill in. */
export type RequiredBillingField = { [F in BillingField]: (typeof BILLING_RULES)[F]['required'] extends true ? F : never }[BillingField];
