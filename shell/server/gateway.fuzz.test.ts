// Hostile input through the gateway, over real HTTP, with the real catalogue and checkout services
// behind it: thousands of malformed requests drawn by fast-check at /api/contact, /remotes.json,
// /app-config.json, the proxied catalogue and checkout paths (including every trick to reach the
// internal stock API), remote bundles, static files and page routes. Every answer must carry the
// security headers, be a 2xx/3xx, a clear 4xx JSON {message} or the app's 404 page, never a 5xx or a
// file from outside the builds; every process keeps answering; and no data changes.
//
// FUZZ_SEED and FUZZ_REQUESTS reproduce or widen a run, e.g. FUZZ_SEED=7 FUZZ_REQUESTS=20000.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  fuzzInRounds,
  fuzzRun,
  headerSafe,
  HOSTILE_TEXT as SHARED_HOSTILE_TEXT,
  hostileJson as hostileJsonOf,
  rawUrlPart,
  sendRaw,
  type RawRequest as Sent,
  type Rng,
} from '../../tools/kit/hostileHttp.ts';
import { INTERNAL_TOKEN, startCatalog, startCheckout, startGateway, workspace, type Service } from './testing/liveServices.ts';

const { seed: SEED, requests: REQUESTS, inFlight: IN_FLIGHT, timeoutMs: TIMEOUT_MS } = fuzzRun(3000);

jest.setTimeout(TIMEOUT_MS);

// ---------------------------------------------------------------- hostile values of this service

const HOSTILE_TEXT = [...SHARED_HOSTILE_TEXT, "'; DROP TABLE contact_messages; --", '/etc/passwd\u0000.js', 'x'.repeat(6000), 'ann@example.com', 'ann@'];
const hostileJson = (rng: Rng) => hostileJsonOf(rng, HOSTILE_TEXT);
const send = (base: URL, request: Sent) => sendRaw(base, request, 30_000);
/** Another loopback address than the fuzz's 127.0.0.1: a client whose rate limits the fuzz did not use. */
const ANOTHER_CLIENT = '127.0.0.2';

// ---------------------------------------------------------------- the requests

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/xml',
  '*/*',
];
const BROKEN_JSON = [
  '',
  '{',
  '{"name":',
  '[1,2',
  'nul',
  '{"a":1}garbage',
  "{'name':'x'}",
  '\u0000',
  '[]',
  '1',
  'null',
  '{"__proto__":{"polluted":true}}',
  '['.repeat(8000) + ']'.repeat(8000),
];
/** Every way we could think of to name the catalogue's internal stock API through the gateway. */
const STOCK_TRICKS = [
  '/api/catalog/stock/reservations',
  '/api/catalog/stock',
  '/api/catalog//stock/reservations',
  '/api/catalog/./stock/reservations',
  '/api/catalog/%73tock/reservations',
  '/api/catalog/%2573tock/reservations',
  '/api/catalog/products/../stock/reservations',
  '/api/catalog/products/..%2Fstock%2Freservations',
  '/api/catalog/products/%2e%2e/stock/reservations',
  '/api/catalog/STOCK/reservations',
  '/api/catalog/stock%2Freservations',
  '/api/catalog/stock/reservations/x/commit',
  '/api/catalog/stock/reservations/x/release',
  '/api/catalog%2Fstock/reservations',
  '/api/catalog/;/stock/reservations',
  '/api/catalog/stock;x=1/reservations',
  '/api/catalog/\\stock/reservations',
  '/api/catalog/stock/reservations?',
  '/api/catalog/stock/reservations#x',
  '/api/catalog/stock/reservations%00',
  '/api/catalog/stock/reservations/',
  '/api/./catalog/stock/reservations',
  '/api/catalog/images/../stock/reservations',
  '/x/../api/catalog/stock/reservations',
];
const PAGES = ['/', '/shop', '/shop/12', '/search', '/contact', '/about', '/journal', '/login', '/sign-up', '/user', '/my-account', '/cart-list', '/checkout'];
const FILES = [
  '/assets/main.0123456789.js',
  '/favicon.svg',
  '/index.html',
  '/design/tokens.css',
  '/remotes/cart/mf-manifest.json',
  '/remotes/catalog/remoteEntry.js',
  '/remotes/cart/../../contact.db',
  '/remotes/cart/..%2f..%2fcontact.db',
  '/remotes/cart/%2e%2e/%2e%2e/contact.db',
  '/remotes/nope/mf-manifest.json',
  '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/assets/../../../../etc/passwd',
  '/..%2f..%2f..%2fetc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/remotes/catalog/..%5c..%5ccontact.db',
  '/remotes/cart/mf-manifest.json%00.js',
  '/assets/',
  '/remotes/',
  '/remotes/cart/',
  '/.env',
  '/.git/config',
  '/package.json',
  '/server/main.ts',
  '/contact.db',
  '/shell-dist/index.html',
  '/node_modules/.bin/jest',
];

type Kind = 'contact' | 'stock' | 'checkout' | 'other';

function nextRequest(rng: Rng): { kind: Kind; sent: Sent } {
  const roll = rng.int(20);
  const json = { 'content-type': 'application/json' };
  if (roll < 5) {
    // The contact form: broken JSON, wrong types, oversized and hostile text (some of it valid).
    const body: Record<string, unknown> = { name: 'Ann', email: 'ann@example.com', message: 'Where is my order?' };
    for (let n = rng.int(3); n >= 0; n--) body[rng.pick(['name', 'email', 'message', 'extra'])] = rng.chance(0.6) ? rng.pick(HOSTILE_TEXT) : hostileJson(rng);
    const raw = rng.chance(0.15) ? rng.pick(BROKEN_JSON) : rng.chance(0.03) ? JSON.stringify({ ...body, message: 'x'.repeat(20_000) }) : JSON.stringify(body);
    const headers = rng.chance(0.85) ? json : { 'content-type': rng.pick(CONTENT_TYPES) };
    return {
      kind: 'contact',
      sent: {
        method: rng.chance(0.95) ? 'POST' : rng.pick(['GET', 'PUT', 'DELETE']),
        path: `/api/contact${rng.chance(0.1) ? '?name=x&name=y' : ''}`,
        headers,
        body: raw,
      },
    };
  }
  if (roll < 7) {
    // The stock API, under every spelling, even with the real internal token: never reachable.
    const headers: Record<string, string> = { ...json, 'x-internal-token': INTERNAL_TOKEN };
    const body = JSON.stringify({ orderId: `fuzz-${rng.int(1e6)}`, lines: [{ productId: 1 + rng.int(60), quantity: 1 }] });
    return { kind: 'stock', sent: { method: rng.pick(['POST', 'POST', 'GET', 'PUT']), path: rng.pick(STOCK_TRICKS), headers, body } };
  }
  if (roll < 10) {
    // Catalogue API through the proxy.
    const paths = [
      `/api/catalog/products?${rawUrlPart(rng.pick(['limit', 'skip', 'q', 'sortBy', 'brand', 'minPrice', 'select']))}=${rawUrlPart(rng.pick(HOSTILE_TEXT))}&limit=${rawUrlPart(rng.pick(HOSTILE_TEXT))}`,
      `/api/catalog/products/${rawUrlPart(rng.pick(HOSTILE_TEXT))}`,
      `/api/catalog/products/search?q=${rawUrlPart(rng.pick(HOSTILE_TEXT))}&q=${rawUrlPart(rng.pick(HOSTILE_TEXT))}`,
      `/api/catalog/products/category/${rawUrlPart(rng.pick([...HOSTILE_TEXT, 'bags']))}`,
      `/api/catalog/images/products/${rawUrlPart(rng.pick(HOSTILE_TEXT))}/${rawUrlPart(rng.pick([...HOSTILE_TEXT, 'chair-blue-1.svg']))}`,
      '/api/catalog/products/categories',
      '/api/catalog',
      '/api/catalog/',
      `/api/catalog/${rawUrlPart(rng.pick(HOSTILE_TEXT), true)}`,
    ];
    return {
      kind: 'other',
      sent: {
        method: rng.chance(0.9) ? 'GET' : rng.pick(['HEAD', 'POST', 'OPTIONS', 'DELETE']),
        path: rng.pick(paths),
        headers: rng.chance(0.1) ? { 'x-forwarded-for': headerSafe(rng.pick(HOSTILE_TEXT)) || '1.2.3.4' } : {},
      },
    };
  }
  if (roll < 13) {
    // Checkout service through the proxy: never a valid purchase, so never an order.
    const targets = [
      '/save-stripe-token',
      '/api/checkout/session',
      '/api/checkout/orders',
      `/api/checkout/orders/${rawUrlPart(rng.pick(HOSTILE_TEXT))}`,
      '/api/checkout/coupons/validate',
      `/api/checkout/${rawUrlPart(rng.pick(HOSTILE_TEXT))}`,
      '/save-stripe-token/../api/contact',
    ];
    const headers: Record<string, string> = rng.chance(0.8) ? { ...json } : { 'content-type': rng.pick(CONTENT_TYPES) };
    if (rng.chance(0.3)) headers.authorization = `Bearer ${headerSafe(rng.pick(HOSTILE_TEXT))}`;
    if (rng.chance(0.3)) headers.cookie = `checkout_session=${headerSafe(rng.pick(HOSTILE_TEXT))}`;
    if (rng.chance(0.2)) headers['x-forwarded-for'] = headerSafe(rng.pick(HOSTILE_TEXT)) || '1.2.3.4';
    const body = rng.chance(0.3)
      ? rng.pick(BROKEN_JSON)
      : JSON.stringify({ token: hostileJson(rng), email: rng.pick(HOSTILE_TEXT), lines: hostileJson(rng), code: hostileJson(rng) });
    return { kind: 'checkout', sent: { method: rng.pick(['POST', 'POST', 'GET', 'DELETE', 'PUT']), path: rng.pick(targets), headers, body } };
  }
  if (roll < 15) {
    return {
      kind: 'other',
      sent: {
        method: rng.pick(['GET', 'GET', 'HEAD', 'POST', 'OPTIONS']),
        path: `${rng.pick(['/remotes.json', '/app-config.json'])}${rng.chance(0.5) ? `?${rawUrlPart(rng.pick(HOSTILE_TEXT))}=${rawUrlPart(rng.pick(HOSTILE_TEXT))}` : ''}`,
      },
    };
  }
  if (roll < 17)
    return { kind: 'other', sent: { method: rng.pick(['GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE']), path: rng.pick(FILES) } };
  // Page routes, known and made up, with hostile segments and queries.
  const page = rng.chance(0.5) ? rng.pick(PAGES) : `/${rawUrlPart(rng.pick(HOSTILE_TEXT), true)}`;
  const query = rng.chance(0.4) ? `?${rawUrlPart(rng.pick(HOSTILE_TEXT))}=${rawUrlPart(rng.pick(HOSTILE_TEXT))}&q=1&q=2` : '';
  const headers: Record<string, string> = rng.chance(0.2)
    ? { accept: rng.pick(['text/html', 'application/json', '*/*', 'image/*']), 'accept-encoding': rng.pick(['gzip', 'br', 'deflate', 'x', '*']) }
    : {};
  return { kind: 'other', sent: { method: rng.chance(0.9) ? 'GET' : rng.pick(['HEAD', 'POST', 'DELETE']), path: `${page}${query}`, headers } };
}

// ---------------------------------------------------------------- the test

describe('hostile input through the gateway, real services behind it', () => {
  const ws = workspace('gateway-fuzz-');
  let catalog: Service;
  let checkout: Service;
  let gateway: Service;

  const catalogData = () => {
    const db = new DatabaseSync(path.join(ws.root, 'catalog.db'), { readOnly: true });
    try {
      return {
        stock: JSON.stringify(db.prepare('SELECT id, stock, price_cents, title FROM products ORDER BY id').all()),
        reservations: (db.prepare('SELECT count(*) AS n FROM stock_reservations').get() as { n: number }).n,
      };
    } finally {
      db.close();
    }
  };
  const count = (file: string, table: string) => {
    const db = new DatabaseSync(path.join(ws.root, file), { readOnly: true });
    try {
      return Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    catalog = ws.track(await startCatalog(ws.root));
    checkout = ws.track(await startCheckout(ws.root, catalog.url, { RATE_LIMIT_CHECKOUT_PER_MINUTE: '0', RATE_LIMIT_SESSION_PER_MINUTE: '0' }));
    gateway = ws.track(await startGateway(ws.root, { catalogUrl: catalog.url, checkoutUrl: checkout.url }, { CONTACT_RATE_LIMIT_PER_MINUTE: '0' }));
  });

  afterAll(async () => {
    await ws.cleanup();
  });

  it(`answers ${REQUESTS} malformed requests safely, with security headers on every answer, and changes nothing`, async () => {
    const base = new URL(gateway.url);
    // The contact table exists once the gateway runs; the orders table once checkout runs.
    const before = { catalog: catalogData(), orders: count('orders.db', 'orders'), contact: count('contact.db', 'contact_messages') };
    const statuses = new Map<number, number>();
    let contactCreated = 0;
    await fuzzInRounds({
      seed: SEED,
      requests: REQUESTS,
      inFlight: IN_FLIGHT,
      plan: nextRequest,
      async send({ kind, sent }, n) {
        const answer = await send(base, sent).catch((error: Error) => ({ status: -1, headers: new Map<string, string>(), text: error.message }));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const what = `#${n} ${sent.method} ${sent.path.slice(0, 160)} ${String(sent.body ?? '').slice(0, 100)} -> ${answer.status} ${answer.text.slice(0, 200)}`;
        const type = answer.headers.get('content-type') ?? '';
        if (answer.status < 200 || answer.status >= 500) return `server error or no answer: ${what}`;
        if (kind === 'contact' && answer.status === 201) contactCreated++;
        const csp = answer.headers.get('content-security-policy') ?? '';
        if (!csp.includes("frame-ancestors 'none'") || answer.headers.get('x-content-type-options') !== 'nosniff' || !answer.headers.get('referrer-policy')) {
          return `security headers missing: ${what} ${JSON.stringify([...answer.headers])}`;
        }
        if (/root:x:0:0|SQLite format 3|INTERNAL_TOKEN|"private_key"/.test(answer.text)) return `leaked a file: ${what}`;
        if (kind === 'stock' && (answer.status < 400 || /x-internal-token|Reservation/.test(answer.text))) return `reached the stock API: ${what}`;
        if (kind === 'checkout' && answer.status === 200 && sent.path === '/save-stripe-token') return `a hostile checkout was paid: ${what}`;
        if (answer.status >= 400 && sent.method !== 'HEAD') {
          const pageLike = sent.method === 'GET' && answer.status === 404 && type.startsWith('text/html');
          if (pageLike) return answer.text.includes('<div id="root">') ? null : `404 page without the app: ${what}`;
          let message: unknown;
          try {
            message = (JSON.parse(answer.text) as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (!type.startsWith('application/json') || typeof message !== 'string' || message.trim() === '') return `4xx without a JSON {message}: ${what}`;
        }
        return null;
      },
    });

    // Every process still answers another client (the fuzz used up its own address's rate limits,
    // which may well refuse it now); the catalogue, its reservations and the orders are as they were.
    expect([catalog.alive(), checkout.alive(), gateway.alive()]).toEqual([true, true, true]);
    expect((await sendRaw(base, { method: 'GET', path: '/api/catalog/products/categories' }, 30_000, ANOTHER_CLIENT)).status).toBe(200);
    expect((await fetch(`${checkout.url}/readyz`)).status).toBe(200);
    expect((await sendRaw(base, { method: 'GET', path: '/remotes.json' }, 30_000, ANOTHER_CLIENT)).status).toBe(200);
    expect(catalogData()).toEqual(before.catalog);
    expect(count('orders.db', 'orders')).toBe(before.orders);
    expect(count('contact.db', 'contact_messages')).toBe(before.contact + contactCreated);
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    console.log(`gateway fuzz (seed ${SEED}): ${REQUESTS} requests, ${contactCreated} contact messages stored; ${summary}`);
  });
});
