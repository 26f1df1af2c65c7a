import type { RemoteName } from '../remotes/remoteConfig.ts';

/** A screen a remote renders through Module Federation. */
export type RemoteScreen = { readonly remote: RemoteName; readonly exposed: string };
/** The shell's own pages. */
export type ShellPage = 'contact' | 'about' | 'journal';

export type RouteEntry = { readonly path: string } & ({ readonly owner: RemoteScreen } | { readonly page: ShellPage });

/**
 * Every page address of the shop and who renders it: the one list that the shell's router and the
 * gateway (HTTP status, preload hints) both read. Paths use the router's syntax: `:name` stands for
 * one segment. Anything else is the not-found page, served with a 404 status.
 */
export const routeManifest: readonly RouteEntry[] = [
  { path: '/', owner: { remote: 'catalog', exposed: 'HomePage' } },
  { path: '/shop', owner: { remote: 'catalog', exposed: 'ShopPage' } },
  { path: '/shop/:id', owner: { remote: 'catalog', exposed: 'ProductPage' } },
  { path: '/search', owner: { remote: 'catalog', exposed: 'SearchPage' } },
  { path: '/wishlist', owner: { remote: 'catalog', exposed: 'WishlistPage' } },
  { path: '/compare', owner: { remote: 'catalog', exposed: 'ComparePage' } },
  { path: '/cart-list', owner: { remote: 'cart', exposed: 'CartPage' } },
  { path: '/login', owner: { remote: 'account', exposed: 'LoginPage' } },
  { path: '/sign-up', owner: { remote: 'account', exposed: 'SignUpPage' } },
  { path: '/my-account', owner: { remote: 'account', exposed: 'MyAccountPage' } },
  { path: '/user', owner: { remote: 'account', exposed: 'UserPage' } },
  { path: '/checkout', owner: { remote: 'checkout', exposed: 'CheckoutPage' } },
  { path: '/contact', page: 'contact' },
  { path: '/about', page: 'about' },
  { path: '/journal', page: 'journal' },
];

const segments = (pathname: string) => pathname.split('/').filter(Boolean);

/** Matches as the router does: case-insensitive, a trailing slash allowed, `:name` one segment. */
function matches(path: string, pathname: string): boolean {
  const want = segments(path);
  const got = segments(pathname);
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part.toLowerCase() === got[i]!.toLowerCase());
}

/** The entry a page address shows, or undefined for the not-found page. */
export function matchRoute(pathname: string): RouteEntry | undefined {
  return routeManifest.find((entry) => matches(entry.path, pathname));
}
