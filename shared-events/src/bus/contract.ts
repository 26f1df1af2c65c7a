import * as v from 'valibot';
import { cartItemSchema } from '../cart/schema.ts';

/**
 * The versioned event contract between independently deployed remotes (README.md has the table and
 * the rules for evolving it), in valibot: every page loads it before it is live, where zod/mini
 * cost 8.3 KB gzip and valibot's functions come to 2.3 (decision 0042). Objects are loose: a field added by a newer publisher must reach an
 * older listener untouched instead of failing validation. Each event names who publishes it and who
 * listens (on `eventSchemas` below): an event nobody listens to is not kept. A store's changes are not
 * events: they are followed with its `subscribe` (0.2.0 dropped 'cart:changed', 'coupon:changed',
 * 'wishlist:changed' and 'compare:changed', which nothing read, and 'remote:failed', likewise; an
 * older copy that still publishes them is tolerated as any unknown event).
 */
export const eventVersions = {
  'cart:item-added': 1,
  'auth:changed': 1,
  'toast:requested': 1,
  'language:changed': 1,
  'breadcrumb:navigated': 1,
  'account:profile': 1,
} as const;

export type EventType = keyof typeof eventVersions;

export const LANGUAGES = ['en', 'ru'] as const;
export const TOAST_KINDS = ['success', 'error', 'info'] as const;
export const TOAST_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
/** Every toast closes after 2500 ms unless the publisher says otherwise. */
export const TOAST_DURATION_MS = 2500;

const nonEmpty = v.pipe(v.string(), v.minLength(1));

export const authUserSchema = v.looseObject({
  uid: nonEmpty,
  email: v.nullable(v.string()),
  displayName: v.nullable(v.string()),
});

/**
 * The signed-in shopper's own stored record (users/{uid}), as mf-account read it. Every field is
 * optional: records written by older sign-up forms lack some, and newer ones may add more.
 */
export const accountProfileSchema = v.looseObject({
  username: v.optional(v.string()),
  email: v.optional(v.string()),
  lastName: v.optional(v.string()),
  telephone: v.optional(v.string()),
  address1: v.optional(v.string()),
  address2: v.optional(v.string()),
  city: v.optional(v.string()),
  postCode: v.optional(v.string()),
  country: v.optional(v.string()),
  region: v.optional(v.string()),
});

function event<T extends EventType, E extends v.ObjectEntries>(type: T, payload: E) {
  return v.looseObject({
    type: v.literal(type),
    v: v.literal(eventVersions[type]),
    ...payload,
  });
}

export const eventSchemas = {
  /**
   * A product went into the cart. Published by the cart store after a successful `cart.add` (mf-catalog's
   * Add to Cart buttons); `source` names where from, e.g. "catalog/shop". Read by mf-cart's mini-cart in
   * the header, which pulses.
   */
  'cart:item-added': event('cart:item-added', {
    item: cartItemSchema,
    source: v.string(),
  }),
  /**
   * Who is signed in, once Firebase says. Published by mf-account (`onAuthStateChanged`; mf-checkout's
   * standalone harness fakes it). Read by the `session` store, which mf-account's account menu,
   * mf-checkout's billing prefill and mf-admin's back office follow. A remote that needs proof of the
   * user for its own service calls asks mf-account for their ID token (`IdTokenSource`, the module
   * `account/idToken`), never a Firebase sign-in of its own.
   */
  'auth:changed': event('auth:changed', {
    user: v.nullable(authUserSchema),
  }),
  /**
   * A message for the shopper. Published by any remote through `toast.show` (mf-account's sign-in,
   * sign-up, sign-out and reset mails; mf-catalog's adds to the cart). Read by the shell's toasts (and
   * the standalone harnesses of mf-account and mf-catalog, which draw their own).
   */
  'toast:requested': event('toast:requested', {
    message: nonEmpty,
    kind: v.picklist(TOAST_KINDS),
    position: v.optional(v.picklist(TOAST_POSITIONS)),
    durationMs: v.optional(v.pipe(v.number(), v.safeInteger(), v.gtValue(0)), TOAST_DURATION_MS),
  }),
  /**
   * The shopper switched language. Published by `language.set` (the shell's EN/RU switch). Read by the
   * `language` store, which every remote follows through `useLanguage`.
   */
  'language:changed': event('language:changed', {
    language: v.picklist(LANGUAGES),
  }),
  /**
   * The name of the page now shown. Published by `breadcrumb.navigate` (the shell's main navigation,
   * mf-catalog's product page with the product's title, mf-admin's pages). Read by the `breadcrumb`
   * store, which the shell's breadcrumb and page name follow.
   */
  'breadcrumb:navigated': event('breadcrumb:navigated', {
    currentname: v.string(),
    previousname: v.string(),
  }),
  /**
   * The signed-in shopper's own stored record. Published by mf-account after reading `users/{uid}`.
   * Read by the `session` store (`session.current.profile`), which mf-checkout's billing prefill
   * follows through `useProfile`.
   */
  'account:profile': event('account:profile', {
    uid: nonEmpty,
    profile: v.nullable(accountProfileSchema),
  }),
} satisfies { [T in EventType]: v.GenericSchema };

/** An event of a known type, as listeners receive it (defaults applied, unknown fields kept). */
export type EventOf<T extends EventType> = v.InferOutput<(typeof eventSchemas)[T]>;

/** An event of a known type, as publishers write it (defaulted fields may be left out). */
export type EventInput<T extends EventType> = v.InferInput<(typeof eventSchemas)[T]>;

export type BusEvent = { [T in EventType]: EventOf<T> }[EventType];
export type PublishableEvent = { [T in EventType]: EventInput<T> }[EventType];

export type AuthUser = v.InferOutput<typeof authUserSchema>;
export type AccountProfile = v.InferOutput<typeof accountProfileSchema>;
export type Language = (typeof LANGUAGES)[number];
export type ToastKind = (typeof TOAST_KINDS)[number];
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** Anything on the wire, including event types or versions this copy does not know yet. */
export const envelopeSchema = v.looseObject({
  type: nonEmpty,
  v: v.pipe(v.number(), v.safeInteger(), v.gtValue(0)),
});

export type Envelope = v.InferOutput<typeof envelopeSchema>;

export function isKnownType(type: string): type is EventType {
  return Object.hasOwn(eventVersions, type);
}
