import { createBreadcrumb } from './breadcrumb/breadcrumb.ts';
import { createBusChannel, createEventBus } from './bus/bus.ts';
import { createCartStore } from './cart/store.ts';
import { createCouponStore } from './coupon/store.ts';
import { createLanguageStore } from './i18n/language.ts';
import { createSession } from './auth/session.ts';
import { singleton } from './runtime/singleton.ts';
import { createSafeStorage } from './storage/safeStorage.ts';
import { createToaster } from './toast/toast.ts';
import { createCompareStore } from './product-lists/compare.ts';
import { createWishlistStore } from './product-lists/wishlist.ts';

/**
 * The page-wide instances every remote shares, held in the `globalThis` registry (see
 * runtime/singleton.ts) so that a second copy of this module adopts them instead of starting a
 * parallel cart, session or language. For the bus only the channel is shared: each copy wraps it
 * in its own facade, so each validates what it receives against the contract it was built with.
 */
export const bus = createEventBus(singleton('bus-channel', createBusChannel));
const storage = singleton('storage', () => createSafeStorage());
export const cart = singleton('cart', () => createCartStore({ bus, storage }));
export const session = singleton('session', () => createSession(bus));
export const language = singleton('language', () => createLanguageStore({ bus, storage }));
export const breadcrumb = singleton('breadcrumb', () => createBreadcrumb(bus));
export const toast = singleton('toast', () => createToaster(bus));
export const coupon = singleton('coupon', () => createCouponStore());
export const wishlist = singleton('wishlist', () => createWishlistStore({ storage }));
export const compare = singleton('compare', () => createCompareStore({ storage }));
