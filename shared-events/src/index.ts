export { bus, cart, session, language, breadcrumb, toast, coupon, wishlist, compare } from './instances.ts';

export { createBusChannel, createEventBus, InvalidEventError } from './bus/bus.ts';
export type { BusChannel, EventBus } from './bus/bus.ts';
export { eventSchemas, eventVersions, LANGUAGES, TOAST_DURATION_MS, TOAST_KINDS, TOAST_POSITIONS } from './bus/contract.ts';
export type {
  AccountProfile,
  AuthUser,
  BusEvent,
  Envelope,
  EventInput,
  EventOf,
  EventType,
  Language,
  PublishableEvent,
  ToastKind,
  ToastPosition,
} from './bus/contract.ts';

export { addItem, decrementAt, incrementAt, itemCount, lineTotalCents, removeAt, subtotalCents, totalQuantity } from './cart/rules.ts';
export type { AddRefusal, AddResult } from './cart/rules.ts';
export { normalizeCart, parseStoredCart } from './cart/parse.ts';
export { CART_STORAGE_KEY, createCartStore } from './cart/store.ts';
export type { CartAddResult, CartStore, CartStoreDeps } from './cart/store.ts';
export type { CartItem, CartProduct, Product } from './cart/schema.ts';

export { COUPON_MAX_LENGTH, normalizeCouponCode, parseCouponCode } from './coupon/coupon.ts';
export type { CouponAnswer, CouponCheckOptions, CouponClient, CouponLine } from './coupon/coupon.ts';
export { COUPON_STORAGE_KEY, createCouponStore } from './coupon/store.ts';
export type { CouponStore, CouponStoreDeps } from './coupon/store.ts';

export { createWishlistStore, WISHLIST_MAX, WISHLIST_STORAGE_KEY } from './product-lists/wishlist.ts';
export type { WishlistStore, WishlistStoreDeps } from './product-lists/wishlist.ts';
export { COMPARE_MAX, COMPARE_STORAGE_KEY, createCompareStore } from './product-lists/compare.ts';
export type { CompareAddResult, CompareStore, CompareStoreDeps } from './product-lists/compare.ts';
export { isProductId, normalizeIds, parseIdParam } from './product-lists/idList.ts';

export { formatPrice, toCents } from './money/cents.ts';

export { COUNTRY_CODES, countryCode, countryName, countryOptions, normaliseCountry } from './countries/countries.ts';
export type { CountryOption } from './countries/countries.ts';

export { createSession } from './auth/session.ts';
export type { Session, SessionState } from './auth/session.ts';
export type { IdTokenOptions, IdTokenSource } from './auth/idToken.ts';

export { createLanguageStore, DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from './i18n/language.ts';
export type { LanguageStore, LanguageStoreDeps } from './i18n/language.ts';
export { createTranslator, translationsReady } from './i18n/translator.ts';
export type { Catalogue, CatalogueLoader, CatalogueLoaders, Catalogues, Translate, TranslationParams, Translator } from './i18n/translator.ts';

export { createBreadcrumb } from './breadcrumb/breadcrumb.ts';
export type { Breadcrumb, BreadcrumbState } from './breadcrumb/breadcrumb.ts';

export { createToaster } from './toast/toast.ts';
export type { Toaster, ToastOptions } from './toast/toast.ts';

export { PAGE_ANSWER_MAX_AGE_MS, renderScope, renderScopeFrom, resetPageScope, setRenderScopeStore, pageAnswer } from './rendering/renderScope.ts';
export type { PageAnswer, RenderScope, RenderScopeStore } from './rendering/renderScope.ts';

export { createSafeStorage } from './storage/safeStorage.ts';
export type { KeyValueStore, SafeStorageOptions } from './storage/safeStorage.ts';
