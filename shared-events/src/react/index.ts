// `shared-events/react`: the React bindings of the shared state, written once for every remote.
// They import the state through the package name, never a relative path, so Module Federation hands
// every remote the page's one shared-events instance (a relative import would bundle a second copy).
export { useLanguage, useTranslate } from './language.ts';
export { useCartItems, useCompareIds, useCouponCode, useProfile, useSession, useWishlistIds } from './state.ts';
export { useDropdown } from './dropdown.ts';
export { markBusInstance } from './busInstance.ts';
export { useHydrated } from './hydration.ts';
export { HydrateLater } from './HydrateLater.tsx';
export { fieldWiring, type FieldControl, type FieldWiring } from './field.ts';
