// Security headers on every answer of the gateway (pages, assets, remote bundles, APIs, proxied
// answers, errors, even a URL it cannot decode), HSTS only in production, a Content-Security-Policy
// that allows only what the shop loads, and HTML without inline script. The built bundles are
// checked in the browser suite (e2e/security.spec.ts), which builds them.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadGatewayConfig } from './config.ts';
import { contentSecurityPolicy } from './securityHeaders.ts';
import { startGateway, workspace, type Service } from './testing/liveServices.ts';

jest.setTimeout(60_000);

const repoRoot = path.resolve(__dirname, '..', '..');

function fakeUpstream(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_request, response) => {
    // An upstream that forgets every header: the gateway must add them anyway.
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}

// Always three entries: jest hands a shorter row's missing argument the `done` callback.
const EVERY_KIND_OF_ANSWER: [string, string, string][] = [
  ['page', '/', 'GET'],
  ['page', '/shop/12', 'GET'],
  ['page', '/checkout', 'GET'],
  ['404 page', '/no-such-page', 'GET'],
  ['asset', '/assets/main.0123456789.js', 'GET'],
  ['icon', '/favicon.svg', 'GET'],
  ['remote manifest', '/remotes/cart/mf-manifest.json', 'GET'],
  ['remote entry', '/remotes/catalog/remoteEntry.js', 'GET'],
  ['missing file', '/remotes/cart/nope.js', 'GET'],
  ['runtime config', '/remotes.json', 'GET'],
  ['client config', '/app-config.json', 'GET'],
  ['design tokens', '/design/tokens.css', 'GET'],
  ['proxied catalogue', '/api/catalog/products?limit=1', 'GET'],
  ['proxied checkout', '/api/checkout/orders', 'GET'],
  ['refused stock API', '/api/catalog/stock/reservations', 'GET'],
  ['unknown API', '/api/nothing', 'GET'],
  ['contact error', '/api/contact', 'POST'],
  ['undecodable URL', '/%E0%A4%A', 'GET'],
  ['traversal', '/assets/..%2f..%2fcontact.db', 'GET'],
];

describe('security headers', () => {
  const ws = workspace('gateway-headers-');
  let catalog: Awaited<ReturnType<typeof fakeUpstream>>;
  let checkout: Awaited<ReturnType<typeof fakeUpstream>>;
  let development: Service;
  let production: Service;
  let withStripe: Service;

  beforeAll(async () => {
    [catalog, checkout] = await Promise.all([fakeUpstream(), fakeUpstream()]);
    const upstreams = { catalogUrl: catalog.url, checkoutUrl: checkout.url };
    [development, production, withStripe] = await Promise.all([
      startGateway(`${ws.root}/dev`, upstreams),
      startGateway(`${ws.root}/prod`, upstreams, {
        NODE_ENV: 'production',
        FIREBASE_API_KEY: 'AIza-test-key',
        FIREBASE_PROJECT_ID: 'storefront-prod',
        FIREBASE_AUTH_DOMAIN: 'storefront-prod.firebaseapp.com',
        FIREBASE_DATABASE_URL: 'https://storefront-prod-default-rtdb.firebaseio.com',
        SITE_URL: 'https://shop.example',
      }),
      startGateway(`${ws.root}/stripe`, upstreams, { STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }),
    ]);
    for (const service of [development, production, withStripe]) ws.track(service);
  });

  afterAll(async () => {
    catalog?.close();
    checkout?.close();
    await ws.cleanup();
  });

  const call = (base: string, url: string, method = 'GET') => fetch(`${base}${url}`, { method, redirect: 'manual' });

  it.each(EVERY_KIND_OF_ANSWER)('are sent with every answer: %s (%s)', async (_kind, url, method) => {
    for (const [base, isProduction] of [
      [development.url, false],
      [production.url, true],
    ] as const) {
      const response = await call(base, url, method);
      const headers = Object.fromEntries(response.headers);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      if (isProduction) expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      else expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('a URL the router cannot decode gets a clear JSON 400', async () => {
    const response = await call(development.url, '/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The address is not a valid URL' });
  });

  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );
  }

  it('the policy allows only the shop itself and the configured backends, never inline script, inline style elements or eval', async () => {
    const csp = directives((await call(development.url, '/')).headers.get('content-security-policy') ?? '');
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    // Locally: the Auth emulator and the database server, nothing else.
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9099', 'http://127.0.0.1:9000', 'ws://127.0.0.1:9000']);
    // A server-rendered page's style attributes (a swatch's colour) apply; nothing else inline does.
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    for (const [name, values] of csp) {
      if (name === 'style-src-attr') continue;
      for (const value of values) expect(value).not.toMatch(/^(\*|'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|https?:|wss?:)$/);
    }
  });

  it('in production: Firebase endpoints over TLS, no emulator, no Stripe unless configured', async () => {
    const csp = directives((await call(production.url, '/')).headers.get('content-security-policy') ?? '');
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://storefront-prod-default-rtdb.firebaseio.com',
      'wss://storefront-prod-default-rtdb.firebaseio.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect([...csp.values()].flat().join(' ')).not.toMatch(/stripe|127\.0\.0\.1|localhost/);
  });

  it("Stripe's origins only when a publishable key is configured", async () => {
    const csp = directives((await call(withStripe.url, '/')).headers.get('content-security-policy') ?? '');
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(contentSecurityPolicy(loadGatewayConfig({}, repoRoot))).not.toContain('stripe');
  });

  it('pictures from the origins IMAGE_ORIGINS names, and only for images; a path or another scheme is refused at start', () => {
    const csp = directives(contentSecurityPolicy(loadGatewayConfig({ IMAGE_ORIGINS: 'https://cdn.example.com, http://127.0.0.1:4600' }, repoRoot)));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'http://127.0.0.1:4600']);
    expect(csp.get('connect-src')).not.toContain('https://cdn.example.com');
    expect(directives(contentSecurityPolicy(loadGatewayConfig({}, repoRoot))).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    for (const bad of ['https://cdn.example.com/images', 'ftp://cdn.example.com', 'cdn.example.com']) {
      expect(() => loadGatewayConfig({ IMAGE_ORIGINS: bad }, repoRoot)).toThrow(/IMAGE_ORIGINS.*must be http\(s\) origins separated by commas/);
    }
  });

  it('the remote configuration inlined into pages cannot close its element, whatever the configured URLs say', async () => {
    const hostile = await startGateway(
      `${ws.root}/hostile`,
      { catalogUrl: catalog.url, checkoutUrl: checkout.url },
      {
        REMOTE_CART_URL: 'https://cdn.example.com/</script><script>window.__x=1</script>/mf-manifest.json',
      },
    );
    ws.track(hostile);
    for (const page of ['/', '/cart-list', '/nope']) {
      const html = await (await call(hostile.url, page)).text();
      const island = /<script type="application\/json" id="remote-config">([\s\S]*?)<\/script>/.exec(html);
      expect(island).not.toBeNull();
      expect(JSON.parse(island![1]!).remotes.cart).toBe('https://cdn.example.com/</script><script>window.__x=1</script>/mf-manifest.json');
      expect(html).not.toContain('<script>window.__x');
    }
  });

  it.each([
    'shell/src/index.html',
    'mf-catalog/src/standalone/index.html',
    'mf-cart/src/standalone/index.html',
    'mf-account/src/standalone/index.html',
    'mf-checkout/src/standalone/index.html',
  ])('the HTML template %s has no inline script or inline event handler', (file) => {
    const html = readFileSync(path.join(repoRoot, file), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});
