import type { MessageKey } from '../i18n/messages.en.ts';
import type { RemoteName } from '../remotes/remoteConfig.ts';

/** A screen a remote renders through Module Federation. */
export type RemoteScreen = { readonly remote: RemoteName; readonly exposed: string };
/** The shell's own pages. */
export type ShellPage = 'contact' | 'about' | 'journal';

export type RouteEntry = {
  readonly path: string;
  /** What the page is called (pageTitle.ts); a product's, a category's and a search's pages say more once they know it. */
  readonly title: MessageKey;
  /** Whether search engines may file it: a shopper's own pages they may not (robots.txt, noindex). */
  readonly indexable: boolean;
  /** Whether the sitemap lists its address (fixed addresses only: the catalogue lists categories and products). */
  readonly inSitemap: boolean;
  /**
   * What the breadcrumb calls addresses of this route (crumbName), for pages the spec does not
   * describe; without it, a crumb is its path segment, as the spec has it ("cart list").
   */
  readonly crumbs?: Readonly<Record<string, MessageKey>>;
} & (
  | {
      readonly owner: RemoteScreen;
      /**
       * The screen exists only in the browser (it shows what the shopper's browser holds): the server
       * renders the page around it and never loads it, as for a remote that has no server build.
       */
      readonly clientOnly?: true;
    }
  | { readonly page: ShellPage }
);

const publicPage = { indexable: true, inSitemap: true } as const;
const shoppersOwn = { indexable: false, inSitemap: false } as const;
/** The back office: for the shop's staff only, never filed or listed. */
const staffOnly = { indexable: false, inSitemap: false } as const;
/** The back office's screens by name (the admin remote routes within /admin/*), in the staff's language. */
const backOfficeCrumbs: Readonly<Record<string, MessageKey>> = {
  '/admin': 'title.admin',
  '/admin/orders': 'breadcrumb.adminOrders',
  '/admin/products': 'breadcrumb.adminProducts',
  '/admin/products/import': 'breadcrumb.adminImport',
  '/admin/figures': 'breadcrumb.adminFigures',
};
const backOffice = { owner: { remote: 'admin', exposed: 'AdminApp' }, title: 'title.admin', crumbs: backOfficeCrumbs, ...staffOnly } as const;

/**
 * Every page address of the shop, who renders it, what it is called and whether search engines see
 * it: the one list that the shell's router and titles and the gateway (HTTP status, preload hints,
 * robots.txt, the sitemap of pages, noindex) read. Paths use the router's syntax: `:name` stands
 * for one segment, a final `*` for whatever follows (the remote routes within it). Anything else is the not-found page, served with a 404 status.
 */
export const routeManifest: readonly RouteEntry[] = [
  { path: '/', owner: { remote: 'catalog', exposed: 'HomePage' }, title: 'title.home', ...publicPage },
  { path: '/shop', owner: { remote: 'catalog', exposed: 'ShopPage' }, title: 'title.shop', ...publicPage },
  { path: '/shop/:id', owner: { remote: 'catalog', exposed: 'ProductPage' }, title: 'title.product', indexable: true, inSitemap: false },
  { path: '/search', owner: { remote: 'catalog', exposed: 'SearchPage' }, title: 'title.searchEmpty', ...publicPage },
  // The lists live in the shopper's browser (localStorage): nothing of them to render on the server.
  { path: '/wishlist', owner: { remote: 'catalog', exposed: 'WishlistPage' }, clientOnly: true, title: 'title.wishlist', ...shoppersOwn },
  { path: '/compare', owner: { remote: 'catalog', exposed: 'ComparePage' }, clientOnly: true, title: 'title.compare', ...shoppersOwn },
  { path: '/cart-list', owner: { remote: 'cart', exposed: 'CartPage' }, title: 'title.cart', ...shoppersOwn },
  { path: '/login', owner: { remote: 'account', exposed: 'LoginPage' }, title: 'title.login', ...shoppersOwn },
  { path: '/sign-up', owner: { remote: 'account', exposed: 'SignUpPage' }, title: 'title.signUp', ...shoppersOwn },
  { path: '/my-account', owner: { remote: 'account', exposed: 'MyAccountPage' }, title: 'title.myAccount', ...shoppersOwn },
  { path: '/user', owner: { remote: 'account', exposed: 'UserPage' }, title: 'title.user', ...shoppersOwn },
  // Where the password-reset mail's link lands (also a real Firebase project's custom action URL).
  { path: '/reset-password', owner: { remote: 'account', exposed: 'ResetPasswordPage' }, title: 'title.resetPassword', ...shoppersOwn },
  { path: '/checkout', owner: { remote: 'checkout', exposed: 'CheckoutPage' }, title: 'title.checkout', ...shoppersOwn },
  // `/admin/*` matches `/admin` itself too, as in React Router (one route, so the admin remote's own
  // <Routes> always sit under a splat).
  { path: '/admin/*', ...backOffice },
  { path: '/about', page: 'about', title: 'title.about', ...publicPage },
  { path: '/contact', page: 'contact', title: 'title.contact', ...publicPage },
  { path: '/journal', page: 'journal', title: 'title.journal', ...publicPage },
];

const segments = (pathname: string) => pathname.split('/').filter(Boolean);

/** Matches as the router does: case-insensitive, a trailing slash allowed, `:name` one segment, a final `*` the rest (none too). */
function matches(path: string, pathname: string): boolean {
  const want = segments(path);
  const got = segments(pathname);
  const splat = want.at(-1) === '*';
  const fixed = splat ? want.slice(0, -1) : want;
  const lengthFits = splat ? got.length >= fixed.length : got.length === fixed.length;
  return lengthFits && fixed.every((part, i) => part.startsWith(':') || part.toLowerCase() === got[i]!.toLowerCase());
}

/** The entry a page address shows, or undefined for the not-found page. */
export function matchRoute(pathname: string): RouteEntry | undefined {
  return routeManifest.find((entry) => matches(entry.path, pathname));
}

/** The name the manifest gives an address for the breadcrumb, or undefined when the crumb is its path segment. */
export function crumbName(pathname: string): MessageKey | undefined {
  const address = `/${segments(pathname).join('/')}`.toLowerCase();
  return matchRoute(pathname)?.crumbs?.[address];
}
