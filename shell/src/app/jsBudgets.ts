/**
 * How much JavaScript each shopper route may ask for before it is live (the shell's `storefront:live`
 * mark: its tree hydrated and the route's screen in place), gzip, measured from the production build
 * in Chromium by `e2e/js-budget.spec.ts` in `npm test`. Lowering a budget is free; raising one needs
 * a line in a decision record saying what the shopper gets for the bytes. DESIGN.md caps every
 * shopper route at 150 KiB. The back office and the teams' harnesses are outside these budgets, and
 * no shopper route may load any of their code.
 */
export type BudgetState =
  /** A first visit: nothing stored in the browser. */
  | 'fresh'
  /** Two products in the cart, as a shopper reaches the cart and the checkout. */
  | 'cart'
  /** A shopper signed in, as My Account is met. */
  | 'signedIn';

export type RouteBudget = {
  /** The address a shopper opens for the manifest's route. */
  readonly visit: string;
  readonly state: BudgetState;
  readonly kib: number;
};

/** Keyed by the route manifest's paths (routeManifest.ts): every shopper route has one. */
export const jsBudgets: Readonly<Record<string, RouteBudget>> = {
  '/': { visit: '/', state: 'fresh', kib: 175 },
  '/shop': { visit: '/shop', state: 'fresh', kib: 175 },
  '/shop/:id': { visit: '/shop/1', state: 'fresh', kib: 175 },
  '/search': { visit: '/search?q=chair', state: 'fresh', kib: 175 },
  '/wishlist': { visit: '/wishlist', state: 'fresh', kib: 175 },
  '/compare': { visit: '/compare', state: 'fresh', kib: 175 },
  '/cart-list': { visit: '/cart-list', state: 'cart', kib: 146 },
  '/login': { visit: '/login', state: 'fresh', kib: 155 },
  '/sign-up': { visit: '/sign-up', state: 'fresh', kib: 157 },
  '/my-account': { visit: '/my-account', state: 'signedIn', kib: 155 },
  '/user': { visit: '/user', state: 'signedIn', kib: 150 },
  '/reset-password': { visit: '/reset-password', state: 'fresh', kib: 154 },
  '/checkout': { visit: '/checkout', state: 'cart', kib: 150 },
  '/about': { visit: '/about', state: 'fresh', kib: 175 },
  '/contact': { visit: '/contact', state: 'fresh', kib: 175 },
  '/journal': { visit: '/journal', state: 'fresh', kib: 175 },
};
