import type { RemoteName } from './config.ts';

type ClientRoute = { pattern: RegExp; owner?: { remote: RemoteName; exposed: string } };

// The client routes of the spec and the remote screen that renders each (the shell's own pages
// have no owner). Anything else is served the app with a 404 status, so search engines and
// monitors see the not-found page for what it is.
const routes: ClientRoute[] = [
  { pattern: /^\/$/, owner: { remote: 'catalog', exposed: 'HomePage' } },
  { pattern: /^\/shop\/?$/, owner: { remote: 'catalog', exposed: 'ShopPage' } },
  { pattern: /^\/shop\/[^/]+\/?$/, owner: { remote: 'catalog', exposed: 'ProductPage' } },
  { pattern: /^\/search\/?$/, owner: { remote: 'catalog', exposed: 'SearchPage' } },
  { pattern: /^\/cart-list\/?$/, owner: { remote: 'cart', exposed: 'CartPage' } },
  { pattern: /^\/login\/?$/, owner: { remote: 'account', exposed: 'LoginPage' } },
  { pattern: /^\/sign-up\/?$/, owner: { remote: 'account', exposed: 'SignUpPage' } },
  { pattern: /^\/my-account\/?$/, owner: { remote: 'account', exposed: 'MyAccountPage' } },
  { pattern: /^\/user\/?$/, owner: { remote: 'account', exposed: 'UserPage' } },
  { pattern: /^\/checkout\/?$/, owner: { remote: 'checkout', exposed: 'CheckoutPage' } },
  { pattern: /^\/(contact|about|journal)\/?$/ },
];

export function isKnownRoute(pathname: string): boolean {
  return routes.some((route) => route.pattern.test(pathname));
}

/** The remote screen a page address shows, if a remote renders it. */
export function routeOwner(pathname: string): ClientRoute['owner'] {
  return routes.find((route) => route.pattern.test(pathname))?.owner;
}
