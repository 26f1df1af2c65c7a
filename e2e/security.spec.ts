import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { remoteNames } from '../shell/remotes.ts';
import { frontEndApps } from '../tools/stack/apps.ts';
import { openInApp } from './catalog-support.ts';

// Security in the browser against the test run's own stack: XSS payloads in product data and in
// search terms are shown as text and never run (on every screen that shows them), the
// Content-Security-Policy allows exactly what the shop loads and blocks inline script, every answer
// carries the security headers, served HTML has no inline script, and no secret is in any bundle
// the stack built.

const repoRoot = path.resolve(__dirname, '..');

// ------------------------------------------------------------------------------------------ XSS

/** A product title as an attacker would import it into the catalogue. */
const TITLE = '<img src=x onerror=window.__xss=1>"><script>window.__xss=2</script>';
const BRAND = '<svg onload=window.__xss=3>';
const DESCRIPTION = '<iframe srcdoc="<script>parent.__xss=4</script>"></iframe><a href="javascript:window.__xss=5">more</a>';
/** Search terms a shopper (or a link someone sent them) could type. */
const TERM = '<script>window.__xss=6</script>';
const TERM_IN_ATTRIBUTE = '"><img src=x onerror=window.__xss=7>';

type Json = Record<string, unknown>;

function poison(product: Json): Json {
  const poisoned: Json = { ...product };
  if (typeof product.title === 'string') poisoned.title = `${TITLE} ${product.title}`;
  if ('brand' in product) poisoned.brand = BRAND;
  if ('description' in product) poisoned.description = DESCRIPTION;
  return poisoned;
}

/**
 * Serves the real catalogue's answers with hostile text in every product (as if it had been
 * imported that way); a search that finds nothing (the payload terms) answers real products too,
 * so the results and suggestions for a script term have something hostile to show.
 */
async function poisonCatalogue(page: Page): Promise<void> {
  await page.route('**/api/catalog/products**', async (route: Route) => {
    const url = new URL(route.request().url());
    if (/\/products\/(categories|category-list)$/.test(url.pathname)) return route.continue();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const body = (await response.json()) as Json;
    if (Array.isArray(body.products)) {
      let products = body.products as Json[];
      if (products.length === 0 && url.pathname.endsWith('/search')) {
        const fallback = await route.fetch({ url: `${url.origin}/api/catalog/products?limit=4&select=${url.searchParams.get('select') ?? ''}` });
        products = ((await fallback.json()) as { products: Json[] }).products;
      }
      return route.fulfill({
        response,
        json: { ...body, products: products.map(poison), total: Math.max(Number(body.total), products.length), limit: products.length },
      });
    }
    return route.fulfill({ response, json: typeof body.id === 'number' ? poison(body) : body });
  });
}

/** What an injection would leave behind: a set flag, event-handler attributes, script or frames from data. */
async function injected(page: Page) {
  return page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss,
    handlers: [...document.querySelectorAll('*')]
      .filter((element) => [...element.attributes].some((attribute) => /^on/i.test(attribute.name)))
      .map((element) => element.outerHTML.slice(0, 120)),
    scripts: [...document.scripts].filter((script) => script.textContent?.includes('__xss')).length,
    frames: document.querySelectorAll('iframe').length,
    images: document.querySelectorAll('img[src="x"]').length,
    links: [...document.querySelectorAll('a[href]')].filter((a) => /^javascript:/i.test(a.getAttribute('href') ?? '')).length,
  }));
}

const clean = { flag: undefined, handlers: [], scripts: 0, frames: 0, images: 0, links: 0 };
const catalogMain = (page: Page) => page.locator('main [data-remote="catalog"]').first();

test.describe('XSS payloads are shown as text and never run', () => {
  // The policy would stop an inline script anyway: with it off, only escaping stands between a
  // payload and the shopper, which is what these tests prove.
  test.use({ bypassCSP: true });

  // Suggestions may still be on their way when a test ends.
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('in product data: /shop, /shop/{id}, the cart page and the mini-cart', async ({ page }) => {
    await poisonCatalogue(page);
    await openInApp(page, '/shop');
    const card = catalogMain(page).locator('article').first();
    await expect(card).toContainText(TITLE);
    expect(await injected(page)).toEqual(clean);

    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/shop\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TITLE);
    await catalogMain(page).getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(1);
    // Every collapsible section open, so the description is on screen too.
    for (const button of await catalogMain(page).getByRole('button', { expanded: false }).all()) await button.click();
    expect(await injected(page)).toEqual(clean);

    // The cart keeps the product as the catalogue sent it: the payload is in localStorage now.
    await page.unroute('**/api/catalog/products**');
    await page.goto('/cart-list');
    await expect(page.locator('main [data-remote="cart"]')).toContainText(TITLE);
    await page
      .locator('header [data-remote="cart"]')
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .click();
    await expect(page.getByRole('region', { name: 'Cart contents' })).toContainText(TITLE);
    expect(await injected(page)).toEqual(clean);

    await page.goto('/checkout');
    await expect(page.locator('main [data-remote="checkout"]')).toContainText(TITLE);
    expect(await injected(page)).toEqual(clean);
  });

  test('in search terms and results: /search and the header suggestions', async ({ page }) => {
    await poisonCatalogue(page);
    await openInApp(page, `/search?q=${encodeURIComponent(TERM)}`);
    await expect(catalogMain(page).getByText(`Showing Results of ${TERM}`, { exact: true })).toBeVisible();
    await expect(catalogMain(page).locator('article').first()).toContainText(TITLE);
    expect(await injected(page)).toEqual(clean);

    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.fill(TERM_IN_ATTRIBUTE);
    const suggestions = page.getByRole('banner').getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(suggestions.first()).toContainText(TITLE);
    expect(await injected(page)).toEqual(clean);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(catalogMain(page).getByText(`Showing Results of ${TERM_IN_ATTRIBUTE}`, { exact: true })).toBeVisible();
    expect(await injected(page)).toEqual(clean);
  });
});

// ------------------------------------------------------------------ Content-Security-Policy

const ROUTES = [
  '/',
  '/shop',
  '/shop/1',
  '/search?q=lamp',
  '/contact',
  '/about',
  '/journal',
  '/login',
  '/sign-up',
  '/reset-password',
  '/user',
  '/my-account',
  '/cart-list',
  '/checkout',
  '/no-such-page',
];

test.describe('Content-Security-Policy', () => {
  // One test per route: a route's loads and its violations are judged on their own, inside the
  // default timeout, and a failure names the route.
  for (const route of ROUTES) {
    test(`allows everything the shop loads: no violation on ${route}`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const list = ((window as unknown as { __violations?: string[] }).__violations ??= []);
          list.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await page.goto(route);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForLoadState('networkidle');
      violations.push(...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])));
      expect(violations).toEqual([]);
    });
  }

  test('blocks a script injected into the page', async ({ page }) => {
    await page.goto('/about');
    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      // Both refusals reported (the script element and the handler attribute): nothing more to wait for.
      const bothReported = new Promise<void>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => {
          violations.push(event.violatedDirective);
          if (violations.length >= 2) resolve();
        }),
      );
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.append(script);
      const image = document.createElement('div');
      image.innerHTML = '<img src="data:," onerror="window.__handler = 1">';
      const failed = new Promise((resolve) => image.querySelector('img')!.addEventListener('error', resolve));
      document.body.append(image);
      await Promise.all([failed, bothReported]);
      const w = window as unknown as { __inline?: number; __handler?: number };
      return { inline: w.__inline, handler: w.__handler, violations };
    });
    expect(outcome.inline).toBeUndefined();
    expect(outcome.handler).toBeUndefined();
    expect(outcome.violations.sort()).toEqual(['script-src-attr', 'script-src-elem']);
  });
});

// ------------------------------------------------------------------------- headers and HTML

test.describe('headers and served HTML', () => {
  test('every route, bundle and API answer carries the security headers; no HSTS outside production', async ({ request }) => {
    const manifest = (await (await request.get('/remotes/catalog/mf-manifest.json')).json()) as { metaData?: { remoteEntry?: { name?: string } } };
    const entry = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
    const urls = [
      ...ROUTES,
      '/remotes.json',
      '/app-config.json',
      '/remotes/catalog/mf-manifest.json',
      `/remotes/catalog/${entry}`,
      '/api/catalog/products?limit=1',
      '/api/checkout/orders',
      '/api/nothing',
      '/favicon.svg',
    ];
    for (const url of urls) {
      const response = await request.get(url);
      const headers = response.headers();
      expect([url, response.status() < 500]).toEqual([url, true]);
      expect([url, headers['content-security-policy']]).toEqual([url, expect.stringContaining("frame-ancestors 'none'")]);
      expect([url, headers['x-content-type-options']]).toEqual([url, 'nosniff']);
      expect([url, headers['referrer-policy']]).toEqual([url, 'strict-origin-when-cross-origin']);
      expect([url, headers['strict-transport-security']]).toEqual([url, undefined]);
    }
    const csp = (await request.get('/')).headers()['content-security-policy']!;
    expect(csp).toMatch(/script-src 'self';/);
    // Style attributes alone may be inline (a server-rendered page carries them); nothing else.
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toMatch(/unsafe-inline|unsafe-eval|\*|stripe/);
  });

  test('the shell and every remote standalone page have no inline script, as served and as built', async ({ request }) => {
    const pages: [string, string][] = [['/ (served)', await (await request.get('/')).text()]];
    for (const remote of remoteNames) {
      pages.push([`/remotes/${remote}/index.html (served)`, await (await request.get(`/remotes/${remote}/index.html`)).text()]);
    }
    for (const dir of frontEndApps) {
      pages.push([`${dir}/dist/index.html`, readFileSync(path.join(repoRoot, dir, 'dist', 'index.html'), 'utf8')]);
    }
    for (const [name, html] of pages) {
      expect([name, html]).toEqual([name, expect.stringContaining('<script')]);
      for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        if (/\btype="application\/json"/.test(attributes!)) {
          // A data island (the gateway inlines the remote configuration): never run, JSON only,
          // and no "<" that could close the element early.
          expect([name, /\bsrc=/.test(attributes!), body!.includes('<'), typeof JSON.parse(body!)]).toEqual([name, false, false, 'object']);
          continue;
        }
        expect([name, /\bsrc=/.test(attributes!), body!.trim()]).toEqual([name, true, '']);
      }
      // The shop's served page is rendered on the server: it may carry style attributes (the CSP
      // allows those alone), never a <style> element.
      const styleAttributes = name === '/ (served)' ? false : /\sstyle=/i.test(html);
      expect([name, /\son[a-z]+\s*=/i.test(html), /javascript:/i.test(html), /<style\b/i.test(html), styleAttributes]).toEqual([
        name,
        false,
        false,
        false,
        false,
      ]);
    }
  });
});

// ------------------------------------------------------------------------ secrets in bundles

function* builtFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* builtFiles(full);
    else yield full;
  }
}

test('no secret is in any bundle the stack built (shell/dist, mf-*/dist, source maps included)', async ({ request }) => {
  const patterns: [string, RegExp][] = [
    ['Stripe secret key', /\b[sr]k_(live|test)_[0-9A-Za-z]{4,}/],
    ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
    ['service account', /"private_key(_id)?"\s*:|iam\.gserviceaccount\.com/],
    ['server secret name', /\b(INTERNAL_TOKEN|SESSION_SECRET|STRIPE_SECRET_KEY|DATABASE_URL|FIREBASE_ADMIN|GOOGLE_APPLICATION_CREDENTIALS)\b/],
    ['internal API header', /x-internal-token/i],
    ['database credentials', /postgres(ql)?:\/\/[^\s"'@/]+:[^\s"'@/]+@/],
    // The stack's generated INTERNAL_TOKEN is 48 hex digits; nothing public is that shape.
    ['generated token', /\b[0-9a-f]{48}\b/],
  ];
  // Values of the secrets in this run's environment, when set (CI may set them).
  for (const name of ['INTERNAL_TOKEN', 'SESSION_SECRET', 'STRIPE_SECRET_KEY']) {
    const value = process.env[name];
    if (value && value.length >= 8) patterns.push([`${name} value`, new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]);
  }
  const found: string[] = [];
  let files = 0;
  for (const dir of frontEndApps) {
    for (const file of builtFiles(path.join(repoRoot, dir, 'dist'))) {
      files++;
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of patterns) {
        const match = pattern.exec(text);
        if (match)
          found.push(`${path.relative(repoRoot, file)}: ${what} (${text.slice(Math.max(0, match.index - 40), match.index + 60).replace(/\s+/g, ' ')})`);
      }
    }
  }
  expect(files).toBeGreaterThan(20);
  expect(found).toEqual([]);
  // The public client configuration holds public values only.
  const config = await (await request.get('/app-config.json')).text();
  for (const [what, pattern] of patterns) expect([what, pattern.test(config)]).toEqual([what, false]);
});
