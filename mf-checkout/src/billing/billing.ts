import { normaliseCountry, type AuthUser } from 'shared-events';
import type { MessageKey } from '../i18n/messages.en.ts';
import { BILLING_FIELDS, BILLING_RULES, EMAIL_PATTERN, type BillingField, type FieldRule } from 'orders-api/billing';

/**
 * The billing details form as pure data and rules. The rules are the checkout service's own
 * (orders-api/billing, the contract's), so whatever passes here is accepted there; the server still
 * checks everything again, and its per-field answers are shown the same way (see fieldErrorsFromServer).
 */

export { BILLING_FIELDS, type BillingField };
export type Billing = Readonly<Record<BillingField, string>>;

/** A message for one field: a key of src/i18n/messages.ts and its placeholders, or the server's own words. */
export type FieldError = { readonly key: MessageKey; readonly params?: Readonly<Record<string, string | number>> } | { readonly text: string };

export type BillingErrors = Partial<Record<BillingField, FieldError>>;

export const REQUIRED_FIELDS: ReadonlySet<BillingField> = new Set(BILLING_FIELDS.filter((field) => BILLING_RULES[field].required));

/** The service's limits; the inputs carry them as maxLength too. */
export const MAX_LENGTH: Readonly<Record<BillingField, number>> = Object.fromEntries(
  BILLING_FIELDS.map((field) => [field, BILLING_RULES[field].max]),
) as Record<BillingField, number>;

const requiredMessage: Readonly<Record<BillingField, MessageKey>> = {
  firstName: 'billing.error.firstName',
  lastName: 'billing.error.lastName',
  company: 'billing.error.required',
  country: 'billing.error.country',
  street: 'billing.error.street',
  street2: 'billing.error.required',
  city: 'billing.error.city',
  county: 'billing.error.required',
  postCode: 'billing.error.postCode',
  phone: 'billing.error.phone',
  email: 'billing.error.email',
  notes: 'billing.error.required',
};

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= MAX_LENGTH.email && EMAIL_PATTERN.test(email);
}

export const emptyBilling: Billing = Object.freeze(Object.fromEntries(BILLING_FIELDS.map((field) => [field, ''])) as Record<BillingField, string>);

/** One field's message, or undefined when the value is fine. */
export function validateBillingField(field: BillingField, raw: string): FieldError | undefined {
  const value = raw.trim();
  if (!value) return REQUIRED_FIELDS.has(field) ? { key: requiredMessage[field] } : undefined;
  if (value.length > MAX_LENGTH[field]) return { key: 'billing.error.tooLong', params: { max: MAX_LENGTH[field] } };
  const rule: FieldRule = BILLING_RULES[field];
  const pattern = rule.pattern;
  if (pattern && !pattern.test.test(value)) return { key: field === 'email' ? 'billing.error.emailInvalid' : 'billing.error.phoneInvalid' };
  return undefined;
}

/** Every field's message; an empty object means the form may be submitted. */
export function validateBilling(billing: Billing): BillingErrors {
  const errors: BillingErrors = {};
  for (const field of BILLING_FIELDS) {
    const error = validateBillingField(field, billing[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The first field with a message, in the order the form shows them (where focus goes). */
export function firstInvalidField(errors: BillingErrors): BillingField | undefined {
  return BILLING_FIELDS.find((field) => errors[field] !== undefined);
}

/** What the checkout service takes as `billing`: trimmed, with empty optional fields left out. */
export type BillingPayload = { [F in BillingField]?: string };

export function toBillingPayload(billing: Billing): BillingPayload {
  const payload: BillingPayload = {};
  for (const field of BILLING_FIELDS) {
    const value = billing[field].trim();
    if (value) payload[field] = value;
  }
  return payload;
}

/**
 * The service's 400 answer lists `errors: [{field: "billing.firstName", message}]`: each billing
 * one becomes that field's message, in the service's words. Others (email, lines...) are returned
 * apart for the page to show.
 */
export function fieldErrorsFromServer(errors: unknown): { billing: BillingErrors; other: string[] } {
  const billing: BillingErrors = {};
  const other: string[] = [];
  if (!Array.isArray(errors)) return { billing, other };
  for (const entry of errors) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const name = field.startsWith('billing.') ? field.slice('billing.'.length) : '';
    if ((BILLING_FIELDS as readonly string[]).includes(name)) billing[name as BillingField] ??= { text: message };
    else other.push(message);
  }
  return { billing, other };
}

/** Only empty fields are filled: a prefill never overwrites what the shopper typed. */
function fillEmpty(billing: Billing, values: Partial<Record<BillingField, string | null | undefined>>): Billing {
  let changed = false;
  const next: Record<BillingField, string> = { ...billing };
  for (const field of BILLING_FIELDS) {
    const value = values[field];
    if (typeof value !== 'string' || !value.trim() || billing[field].trim()) continue;
    next[field] = value.trim().slice(0, MAX_LENGTH[field]);
    changed = true;
  }
  return changed ? next : billing;
}

/**
 * Prefill from the shared session (shared-events `session`, fed by mf-account's auth:changed):
 * the display name as the first name, and the email. Empty fields only.
 */
export function prefillFromSession(billing: Billing, user: Pick<AuthUser, 'email' | 'displayName'> | null): Billing {
  if (!user) return billing;
  return fillEmpty(billing, { firstName: user.displayName, email: user.email });
}

/**
 * The record mf-account keeps at users/{uid} in the Realtime Database. Every
 * field is optional here: older records hold only {username, email}.
 */
export interface AccountProfile {
  readonly username?: string | null;
  readonly email?: string | null;
  readonly lastName?: string | null;
  readonly telephone?: string | null;
  readonly address1?: string | null;
  readonly address2?: string | null;
  readonly city?: string | null;
  readonly postCode?: string | null;
  readonly country?: string | null;
  readonly region?: string | null;
}

/**
 * Prefill from the signed-in shopper's OWN account record (never the whole users/ node: the
 * database rules let a shopper read only their own). This remote does not talk to Firebase: mf-account reads users/{uid} and hands the
 * record over (integration point, see CheckoutPage's `profile`); this maps it onto the form.
 * Empty fields only, so it can arrive after the shopper started typing.
 */
export function prefillFromProfile(billing: Billing, profile: AccountProfile | null | undefined): Billing {
  if (!profile || typeof profile !== 'object') return billing;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const country = text(profile.country);
  return fillEmpty(billing, {
    firstName: text(profile.username),
    lastName: text(profile.lastName),
    email: text(profile.email),
    phone: text(profile.telephone),
    street: text(profile.address1),
    street2: text(profile.address2),
    city: text(profile.city),
    postCode: text(profile.postCode),
    country: country === undefined ? undefined : normaliseCountry(country),
    county: text(profile.region),
  });
}
