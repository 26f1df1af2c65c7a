// Hostile input over real HTTP: thousands of malformed requests, drawn by fast-check, at every
// endpoint of the catalogue service (products, search, categories, images, the product writes and
// the stock API with and without their tokens), on SQLite and on PostgreSQL. Every answer must be a
// 2xx read or a clear 4xx JSON {message}; never a 5xx, a hang or a crash; and nothing in the
// database may change.
//
// FUZZ_SEED and FUZZ_REQUESTS (per backend) reproduce or widen a run, e.g. FUZZ_SEED=7 FUZZ_REQUESTS=20000.
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import {
  fuzzInRounds,
  fuzzRun,
  headerSafe,
  HOSTILE_TEXT as SHARED_HOSTILE_TEXT,
  hostileJson as hostileJsonOf,
  rawUrlPart,
  sendRaw as send,
  type RawRequest as Sent,
  type Rng,
} from '../../../tools/kit/hostileHttp.ts';
import { isCategorySlug } from '../products/model.ts';
import { BACKENDS, TEST_TOKEN, startTestServer, type TestServer } from '../testing/harness.ts';

const { seed: SEED, requests: REQUESTS, inFlight: IN_FLIGHT, timeoutMs: TIMEOUT_MS } = fuzzRun(4000);

jest.setTimeout(TIMEOUT_MS);

// ---------------------------------------------------------------- hostile values of this service

const HOSTILE_TEXT = [...SHARED_HOSTILE_TEXT, 'MATCH', 'title:*'];
const hostileJson = (rng: Rng) => hostileJsonOf(rng, HOSTILE_TEXT);

function queryPart(rng: Rng, names: readonly string[]): string {
  const params: string[] = [];
  for (let i = rng.int(5); i >= 0; i--) {
    const name = rng.chance(0.85) ? rng.pick(names) : rng.pick(HOSTILE_TEXT).slice(0, 30);
    const value = rng.chance(0.2) ? rng.pick(['1', '30', 'asc', 'desc', 'price', 'bags', 'blue', 'true']) : rng.pick(HOSTILE_TEXT);
    params.push(`${rawUrlPart(name)}=${rawUrlPart(value)}`);
    if (rng.chance(0.15)) params.push(`${rawUrlPart(name)}=${rawUrlPart(rng.pick(HOSTILE_TEXT))}`); // duplicate
    if (rng.chance(0.05)) params.push(`${rawUrlPart(name)}[]=1`);
  }
  if (rng.chance(0.05)) params.push('&&==&');
  if (rng.chance(0.03)) params.push(`q=${'%41'.repeat(3000)}`);
  return params.length ? `?${params.join('&')}` : '';
}

// ---------------------------------------------------------------- the requests

const LIST_PARAMS = ['limit', 'skip', 'select', 'sortBy', 'order', 'q', 'category', 'brand', 'color', 'minPrice', 'maxPrice', 'facets'];
const BAD_IDS = [
  ...HOSTILE_TEXT,
  '0',
  '-5',
  '2147483648',
  '1.0',
  '1e2',
  '0x1',
  '%31',
  '1%00',
  '..%2F..%2Fstock%2Freservations',
  '..',
  '%2e%2e',
  '99999',
  '2147483647',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/json, text/plain',
  '*/*',
  'application/xml',
  'application/JSON',
];
const BROKEN_JSON = [
  '{',
  '{"orderId":',
  '[1,2',
  'nul',
  '{"a":1}garbage',
  "{'orderId':'x'}",
  '{"orderId":"x",}',
  '\u0000',
  '"\\ud800"',
  '[]',
  '""',
  '1',
  'null',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
];

type Kind = 'read' | 'stock' | 'write';

const ADMIN_TOKEN = 'fuzz-catalogue-admin-token';
const WRITE_FIELDS = [
  'title',
  'description',
  'category',
  'price',
  'discountPercentage',
  'rating',
  'stock',
  'brand',
  'color',
  'sku',
  'tags',
  'thumbnail',
  'images',
];

/**
 * A product body with hostile fields. Its category is never a well-formed slug, not even once the
 * service has trimmed it (' 1' is the slug '1'; categories are data: any slug would be a new one), so
 * even with the admin token no body can be valid and no product is added or changed.
 */
const NOT_SLUGS = HOSTILE_TEXT.filter((text) => !isCategorySlug(text.trim()));

function productBody(rng: Rng): string {
  if (rng.chance(0.15)) return rng.pick(BROKEN_JSON);
  const body: Record<string, unknown> = { title: 'Fuzz Lamp', price: 10, category: rng.pick(NOT_SLUGS) };
  for (let n = rng.int(4); n > 0; n--) body[rng.pick(WRITE_FIELDS.filter((field) => field !== 'category'))] = hostileJson(rng);
  if (rng.chance(0.03)) body.description = 'x'.repeat(70 * 1024);
  return JSON.stringify(body);
}

/** A valid reservation with one or more parts made hostile; none of them can take stock. */
function reservationBody(rng: Rng): string {
  const roll = rng.int(10);
  if (roll === 0) return rng.pick(BROKEN_JSON);
  if (roll === 1) return JSON.stringify(hostileJson(rng));
  if (roll === 2) return JSON.stringify({ orderId: 'fuzz-order', lines: [{ productId: 1, quantity: 10_000 }], padding: 'x'.repeat(70 * 1024) });
  // 10,000 is more than any product holds: even an otherwise valid body is refused as short.
  const body: Record<string, unknown> = { orderId: `fuzz-${rng.int(1e6)}`, lines: [{ productId: 1 + rng.int(180), quantity: 10_000 }] };
  const line = (body.lines as Record<string, unknown>[])[0]!;
  for (let n = 1 + rng.int(3); n > 0; n--) {
    switch (rng.int(7)) {
      case 0:
        body.orderId = hostileJson(rng);
        break;
      case 1:
        body.lines = hostileJson(rng);
        break;
      case 2:
        line.productId = hostileJson(rng);
        break;
      case 3:
        line.quantity = rng.pick([0, -1, 1.5, 10_001, 1e308, '1', null, [], {}, 'NaN', -0.0001]);
        break;
      case 4:
        body.lines = Array.from({ length: rng.pick([0, 2, 201]) }, (_, i) => ({ productId: rng.chance(0.5) ? 1 : i + 1, quantity: 10_000 }));
        break;
      case 5:
        body.orderId = rng.pick(['', 'x'.repeat(129), 'a/b', 'a b', '../x', '😀', "o'; DROP TABLE stock_reservations; --"]);
        break;
      default:
        line.extra = hostileJson(rng);
    }
  }
  return JSON.stringify(body);
}

function nextRequest(rng: Rng): { kind: Kind; sent: Sent } {
  const get = (path: string, kind: Kind = 'read'): { kind: Kind; sent: Sent } => ({
    kind,
    sent: { method: rng.chance(0.05) ? rng.pick(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) : 'GET', path },
  });
  switch (rng.int(16)) {
    case 0:
    case 1:
      return get(`/products${queryPart(rng, LIST_PARAMS)}`);
    case 2:
    case 3:
      return get(`/products/search${queryPart(rng, LIST_PARAMS)}`);
    case 4:
      return get(`/products/category/${rawUrlPart(rng.chance(0.3) ? 'bags' : rng.pick(HOSTILE_TEXT))}${queryPart(rng, LIST_PARAMS)}`);
    case 5:
    case 6:
      return get(`/products/${rawUrlPart(rng.pick(BAD_IDS))}${rng.chance(0.3) ? queryPart(rng, ['select']) : ''}`);
    case 7:
      return get(
        rng.pick(['/products/categories', '/products/category-list', '/products/', '/products//1', '/products/1/2', '/']) + queryPart(rng, LIST_PARAMS),
      );
    case 8:
      return get(
        `/images/products/${rawUrlPart(rng.pick(BAD_IDS))}/${rawUrlPart(rng.pick([...HOSTILE_TEXT, 'chair-blue-1.svg', 'chair-blue-9.svg', 'chair-nope-1.svg', 'x-blue-1.svg']))}`,
      );
    case 9:
      return get(`/images/banners/${rawUrlPart(rng.pick([...HOSTILE_TEXT, '1.svg', '0.svg', '7.svg', '1.svg.map', '11.svg']))}`);
    case 12:
    case 13: {
      // Product writes: with the admin token, a wrong one or none; bodies that can never be valid.
      const token = rng.pick([ADMIN_TOKEN, ADMIN_TOKEN, 'wrong-admin-token-xxxx', '', `${ADMIN_TOKEN}x`, headerSafe(rng.pick(HOSTILE_TEXT))]);
      const headers: Record<string, string> = { 'content-type': rng.chance(0.8) ? 'application/json' : rng.pick(CONTENT_TYPES) };
      if (token) headers.authorization = rng.chance(0.9) ? `Bearer ${token}` : token;
      const id = rawUrlPart(rng.pick(BAD_IDS));
      const [method, path] = rng.pick([
        ['POST', '/products/add'],
        ['PUT', `/products/${id}`],
        ['PATCH', `/products/${id}`],
        ['DELETE', `/products/${id}`],
        ['POST', `/products/${id}`],
      ] as const);
      return { kind: 'write', sent: { method, path, headers, body: method === 'DELETE' && rng.chance(0.7) ? undefined : productBody(rng) } };
    }
    case 10:
    case 11: {
      // Reservations, with the right token, a wrong one or none.
      const token = rng.pick([TEST_TOKEN, TEST_TOKEN, 'wrong-token', '', TEST_TOKEN + ' ', 'x'.repeat(8000)]);
      const headers: Record<string, string> = { 'content-type': rng.chance(0.8) ? 'application/json' : rng.pick(CONTENT_TYPES) };
      if (token || rng.chance(0.5)) headers['x-internal-token'] = token;
      return {
        kind: 'stock',
        sent: {
          method: rng.chance(0.9) ? 'POST' : rng.pick(['GET', 'PUT', 'DELETE']),
          path: `/stock/reservations${rng.chance(0.1) ? queryPart(rng, ['orderId']) : ''}`,
          headers,
          body: reservationBody(rng),
        },
      };
    }
    default: {
      // Commit and release of reservations that do not exist, under hostile ids.
      const headers: Record<string, string> = rng.chance(0.7) ? { 'x-internal-token': TEST_TOKEN } : {};
      if (rng.chance(0.5)) headers['content-type'] = rng.pick(CONTENT_TYPES);
      const id = rawUrlPart(rng.pick([...BAD_IDS, 'order-1', 'x'.repeat(200), 'a.b:c_d-e']));
      return {
        kind: 'stock',
        sent: {
          method: 'POST',
          path: `/stock/reservations/${id}/${rng.pick(['commit', 'release', 'cancel', ''])}`,
          headers,
          body: rng.chance(0.5) ? rng.pick(['', ...BROKEN_JSON]) : undefined,
        },
      };
    }
  }
}

/**
 * The product an admin's DELETE names, by HTTP's rules: its path segment percent-decoded (`%31` is
 * `1`) is a product id. Such a delete is the admin's right, not a hostile write; any other spelling
 * ('01', '1.0', ' 1') names no product.
 */
function deletedProduct(sent: Sent): number | undefined {
  if (sent.method !== 'DELETE' || sent.headers?.authorization !== `Bearer ${ADMIN_TOKEN}`) return undefined;
  const segment = /^\/products\/([^/?]+)$/.exec(sent.path)?.[1];
  let id: string;
  try {
    id = decodeURIComponent(segment ?? '');
  } catch {
    return undefined;
  }
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : undefined;
}

// ---------------------------------------------------------------- the data that must not change

async function snapshot(t: TestServer): Promise<{ products: string; reservations: number }> {
  if (t.config.databaseUrl === null) {
    const db = new DatabaseSync(t.config.sqlitePath, { readOnly: true });
    try {
      const rows = db.prepare('SELECT id, stock, price_cents, title FROM products ORDER BY id').all();
      const reservations = db.prepare('SELECT count(*) AS n FROM stock_reservations').get() as { n: number };
      return { products: JSON.stringify(rows), reservations: Number(reservations.n) };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: t.config.databaseUrl, options: `-c search_path=${t.config.databaseSchema}` });
  await client.connect();
  try {
    const rows = await client.query('SELECT id, stock, price_cents, title FROM products ORDER BY id');
    const reservations = await client.query('SELECT count(*)::int AS n FROM stock_reservations');
    return { products: JSON.stringify(rows.rows), reservations: reservations.rows[0].n };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the test

describe.each(BACKENDS)('hostile input against the catalogue service on %s', (backend) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(backend, { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN });
  });

  afterAll(async () => {
    await t?.close();
  });

  // Found by this fuzz test: SQLite's FTS failed ("unterminated string", 500) and PostgreSQL refused
  // the text (500) on a NUL byte, and a lone %00 as q matched every product on SQLite.
  it.each(['/products?q=a%00b', '/products?q=%00', '/products/search?q=abc%00', '/products?brand=%00', '/products/category/bags?brand=x%00'])(
    'refuses a NUL byte in search text or brand with a 400: %s',
    async (path) => {
      const answer = await t.get(path);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/must not contain a NUL character/);
    },
  );

  it(`answers ${REQUESTS} malformed requests with 2xx reads or clear 4xx JSON, and changes nothing`, async () => {
    const base = new URL(t.url);
    const before = await snapshot(t);
    expect(JSON.parse(before.products)).toHaveLength(180);
    const errors: unknown[] = [];
    /** Products an admin deleted by naming them (deletedProduct), the only change the data may show. */
    const deleted = new Set<number>();
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const statuses = new Map<number, number>();
    try {
      await fuzzInRounds({
        seed: SEED + (backend === 'postgres' ? 1 : 0),
        requests: REQUESTS,
        inFlight: IN_FLIGHT,
        plan: nextRequest,
        async send({ kind, sent }, n) {
          const answer = await send(base, sent).catch((error: Error) => ({ status: -1, type: '', text: error.message }));
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const what = `#${n} ${sent.method} ${sent.path.slice(0, 200)} ${String(sent.body ?? '').slice(0, 120)} -> ${answer.status} ${answer.text.slice(0, 200)}`;
          if (answer.status < 200 || answer.status >= 500) return `server error or no answer: ${what}`;
          if (kind === 'stock' && answer.status < 300) return `the stock API accepted a hostile request: ${what}`;
          const named = kind === 'write' ? deletedProduct(sent) : undefined;
          if (named !== undefined && answer.status < 300) deleted.add(named);
          else if (kind === 'write' && answer.status < 300) return `a hostile product write was accepted: ${what}`;
          if (answer.status >= 400 && sent.method !== 'HEAD') {
            let message: unknown;
            try {
              message = (JSON.parse(answer.text) as { message?: unknown }).message;
            } catch {
              message = undefined;
            }
            if (!answer.type.startsWith('application/json') || typeof message !== 'string' || message.trim() === '') {
              return `4xx without a JSON {message}: ${what}`;
            }
          }
          return null;
        },
      });
    } finally {
      console.error = originalError;
    }
    expect(errors).toEqual([]);
    // Still answering, with the data exactly as it was but for what an admin deleted, and no
    // prototype polluted by a body.
    expect((await t.get('/products/categories')).status).toBe(200);
    const expected = (JSON.parse(before.products) as { id: number }[]).filter((row) => !deleted.has(Number(row.id)));
    expect(await snapshot(t)).toEqual({ ...before, products: JSON.stringify(expected) });
    for (const id of deleted) expect((await t.get(`/products/${id}`)).status).toBe(404);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(`catalogue fuzz on ${backend} (seed ${SEED}): ${REQUESTS} requests, ${deleted.size} products deleted by the admin; ${summary}`);
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
  });
});
