// The states a shopper meets a route in, made in the Lighthouse bench's own Chromium before each run of
// a stateful route, and checked on the page Lighthouse measured once the run is over.
import { chromium } from '@playwright/test';
import type { Page } from 'puppeteer-core';

/**
 * As shell/src/app/jsBudgets.ts names them: a first visit with nothing stored ('fresh'), two products
 * in the cart ('cart': the cart page, the checkout) and a shopper signed in ('signedIn': My Account).
 */
export type RouteState = 'fresh' | 'cart' | 'signedIn';

/** What the page shows once its state took: exactly `count` elements match `selector`. */
export interface StateMark {
  selector: string;
  count: number;
  /** For the error, e.g. 'cart lines'. */
  what: string;
}

/** What the page showed: its path and, for each mark, how many elements matched. */
export interface StateSeen {
  path: string;
  counts: number[];
}

/** Storage types Lighthouse clears by default besides the HTTP cache (its constants.js); never local storage or IndexedDB. */
const LIGHTHOUSE_CLEARED = 'file_systems,shader_cache,service_workers,cache_storage';

/** The cart a shopper has when they open the cart page or the checkout: e2e/js-budget.spec.ts's `seedCart`. */
export async function cartOfTwo(base: string): Promise<string> {
  const product = async (id: number) => {
    const response = await fetch(`${base}/api/catalog/products/${id}`, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`cart: GET /api/catalog/products/${id} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  return JSON.stringify([
    { ...(await product(1)), qun: 1 },
    { ...(await product(2)), qun: 2 },
  ]);
}

/**
 * Why the page Lighthouse measured did not show its state, or null when it did: it stayed on `path`
 * and every mark matched as many elements as it should.
 */
export function stateProblem(path: string, state: RouteState, marks: readonly StateMark[], seen: StateSeen): string | null {
  const problems: string[] = [];
  if (seen.path !== path) problems.push(`the page ended on ${seen.path}`);
  marks.forEach((mark, i) => {
    if (seen.counts[i] !== mark.count) problems.push(`${seen.counts[i] ?? 0} ${mark.what} instead of ${mark.count} (${mark.selector})`);
  });
  return problems.length ? `${path} was not in its '${state}' state: ${problems.join('; ')}` : null;
}

/**
 * Signs a new shopper up through the shop's sign-up page (e2e/support/shopper.ts `signUp`), in the
 * default browser context of the Chromium at `port`, the one Lighthouse's runs use: the local
 * Firebase Auth stand-in keeps the session in that context's storage for the shop's origin.
 */
async function signUp(base: string, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('signedIn: the Chromium has no default context');
    const page = await context.newPage();
    try {
      page.setDefaultTimeout(60_000);
      await page.goto(`${base}/sign-up`);
      const form = page.locator('main [data-remote="account"]');
      await form.getByLabel('First Name').fill('Bench');
      await form.getByLabel('Last Name').fill('Shopper');
      await form.getByLabel('Email Address').fill(`bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
      await form.getByLabel('Telephone').fill('+1 555 0100');
      await form.getByLabel('Address 1').fill('12 Market Street');
      await form.getByLabel('City').fill('Springfield');
      await form.getByLabel('Post Code').fill('62701');
      await form.getByLabel('Country').selectOption('United States');
      await form.getByLabel('Region/State').selectOption('Illinois');
      await form.getByLabel('Password', { exact: true }).fill('abcd1234');
      await form.getByLabel('Repeat Password').fill('abcd1234');
      await form.getByRole('checkbox', { name: /Privacy Policy/ }).check();
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('status').filter({ hasText: 'Congratulations, SignUp Done!' }).waitFor();
      // The screen sends the new shopper, signed in, to /login 2.5 s after the toast.
      await page.waitForURL(/\/login$/);
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects only: the Chromium is chrome-launcher's and stays up.
    await browser.close();
  }
}

/**
 * Puts the shop's origin in `state` for the next Lighthouse run on `page` (which then runs with
 * disableStorageReset): everything the origin stored is wiped, the state is made, and then the HTTP
 * cache and the storage types Lighthouse resets by default are cleared, so the run loads as cold as a
 * fresh route's.
 */
export async function prepareState(state: RouteState, base: string, port: number, page: Page, cart: string): Promise<void> {
  const origin = new URL(base).origin;
  const cdp = await page.createCDPSession();
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    if (state === 'cart') {
      // Any page of the origin will do for its local storage; this one runs no script.
      await page.goto(`${base}/remotes.json`);
      await page.evaluate((stored) => localStorage.setItem('cart', stored), cart);
    }
    if (state === 'signedIn') await signUp(base, port);
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: LIGHTHOUSE_CLEARED });
  } finally {
    await cdp.detach();
  }
}

/** Clears everything the origin stored, so what runs next meets a fresh browser. */
export async function clearOrigin(base: string, page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
}

/** What `page` shows, waiting up to `timeoutMs` for the marks to match (a screen may still be settling). */
export async function readState(page: Page, marks: readonly StateMark[], timeoutMs = 15_000): Promise<StateSeen> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await page.evaluate(
      (selectors) => ({ path: location.pathname, counts: selectors.map((selector) => document.querySelectorAll(selector).length) }),
      marks.map((mark) => mark.selector),
    );
    if (marks.every((mark, i) => seen.counts[i] === mark.count) || Date.now() > deadline) return seen;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
