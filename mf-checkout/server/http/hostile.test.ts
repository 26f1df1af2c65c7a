import { randomUUID } from 'node:crypto';
import { startStripeMock, type StripeMock } from '../../../stand-ins/stripe/testing/stripeMock.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { billing, checkoutBody, openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';

jest.setTimeout(30_000);

let mock: StripeMock;
let storage: TestStorage;
let catalog: FakeCatalog;
let server: TestServer;

beforeAll(async () => {
  mock = await startStripeMock();
  storage = await openTestRepository('sqlite');
  catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 1000 }]);
  server = await startTestServer({
    repository: storage.repository,
    catalog,
    stripeMockUrl: mock.url,
    config: { rateLimits: { checkoutPerMinute: 0, sessionPerMinute: 0, couponPerMinute: 0, ordersPerMinute: 0 } },
  });
});
afterAll(async () => {
  await server.stop();
  await storage.cleanup();
  await catalog.close();
  await mock.stop();
});

const pay = (init: Parameters<typeof request>[1]) => request(`${server.url}/save-stripe-token`, init);

describe('bad input gets a clear 4xx JSON answer, never a 5xx', () => {
  test('broken JSON', async () => {
    const answer = await pay({ rawBody: '{"token": {', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'The request body is not valid JSON' });
  });

  test('empty body, non-object body, wrong content type', async () => {
    const empty = await pay({ rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const array = await pay({ body: [1, 2] });
    expect(array.status).toBe(400);
    expect(array.body.message).toMatch(/must be a JSON object/);
    const form = await pay({ rawBody: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: 'Unsupported Content-Type; send application/json' });
  });

  test('oversized body', async () => {
    const answer = await pay({ body: { ...checkoutBody(), padding: 'x'.repeat(70 * 1024) } });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'The request body is larger than the 64 KiB this endpoint takes' });
  });

  test('unknown route and method', async () => {
    const unknown = await request(`${server.url}/api/checkout/nope?x=1`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found: GET /api/checkout/nope' });
    const wrongMethod = await request(`${server.url}/save-stripe-token`);
    expect(wrongMethod.status).toBe(404);
  });

  test('every invalid field is named with its own message', async () => {
    const answer = await pay({
      body: {
        token: { object: 'token' },
        email: 'not-an-email',
        lines: [{ id: -1, qun: 0 }],
        billing: billing({ firstName: '  ', postCode: '', phone: 'call me' }),
        idempotencyKey: 'abc',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'token.id', message: 'card token id is required' },
        { field: 'email', message: 'Enter a valid email address' },
        { field: 'lines.0.id', message: 'must be a product id (a positive whole number)' },
        { field: 'lines.0.qun', message: 'quantity must be at least 1' },
        { field: 'billing.firstName', message: 'First name is required' },
        { field: 'billing.postCode', message: 'Post code is required' },
        { field: 'billing.phone', message: 'Enter a valid phone number' },
        { field: 'idempotencyKey', message: 'idempotencyKey must be a UUID' },
      ]),
    );
    expect(answer.body.message).toMatch(/^Invalid checkout request: token.id: card token id is required; /);
  });

  test('an empty cart and a missing billing block', async () => {
    const empty = await pay({ body: checkoutBody({ lines: [] }) });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'lines', message: 'Your cart is empty' }]);
    const noBilling = await pay({ body: checkoutBody({ billing: undefined }) });
    expect(noBilling.body.errors).toEqual([{ field: 'billing', message: 'billing details are required' }]);
  });

  test('orders and sessions refuse bad ids and bad tokens', async () => {
    const session = await request(`${server.url}/api/checkout/session`, {
      method: 'POST',
      headers: { authorization: 'Bearer id-token:u1:u1@example.com' },
    });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
    const badId = await request(`${server.url}/api/checkout/orders/..%2F..%2Fetc`, { headers: { cookie } });
    expect(badId.status).toBe(404);
    expect((await request(`${server.url}/api/checkout/orders/${randomUUID()}`, { headers: { cookie } })).status).toBe(404);
    const noBearer = await request(`${server.url}/api/checkout/session`, { method: 'POST' });
    expect(noBearer.status).toBe(401);
    expect(noBearer.body.message).toMatch(/Authorization: Bearer/);
    const badToken = await request(`${server.url}/api/checkout/session`, {
      method: 'POST',
      headers: { authorization: 'Bearer forged' },
    });
    expect(badToken.status).toBe(401);
    expect(badToken.body).toEqual({ message: 'The ID token is invalid or expired; sign in again' });
  });

  test('coupon preview validates its input', async () => {
    const noLines = await request(`${server.url}/api/checkout/coupons/validate?code=SAVE10`);
    expect(noLines.status).toBe(400);
    const junk = await request(`${server.url}/api/checkout/coupons/validate?code=SAVE10&lines=a:b:c,,x`);
    expect(junk.status).toBe(400);
    const posted = await request(`${server.url}/api/checkout/coupons/validate`, { body: { code: '', lines: 'x' } });
    expect(posted.status).toBe(400);
    expect(posted.body.errors.map((e: { field: string }) => e.field)).toEqual(['code', 'lines']);
  });

  test('500 random hostile requests: never a 5xx; text payloads are stored as plain text', async () => {
    const nasty: unknown[] = [
      null,
      0,
      -1,
      1e308,
      'x',
      true,
      [],
      {},
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '\u0000',
      '😀'.repeat(50),
      { __proto__: { admin: true } },
      Number.MAX_SAFE_INTEGER + 2,
      -0.5,
      [null],
      '',
    ];
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
    const paths = [
      'token',
      'token.id',
      'email',
      'lines',
      'lines.0',
      'lines.0.id',
      'lines.0.qun',
      'billing',
      'billing.email',
      'billing.country',
      'couponCode',
      'idempotencyKey',
    ];
    const stockBefore = catalog.stock(1);
    let paid = 0;
    for (let i = 0; i < 500; i++) {
      const body = checkoutBody() as Record<string, any>;
      const path = pick(paths).split('.');
      let target: any = body;
      for (const key of path.slice(0, -1)) target = target[key];
      target[path.at(-1)!] = pick(nasty);
      const answer = await pay({ body });
      if (answer.status === 200) {
        // Only free-text fields accept such values (an SQL or script string is a fine country name).
        paid++;
        const order = await storage.repository.findById(answer.body.orderId);
        expect(order?.billing).toEqual(body.billing);
        continue;
      }
      if (answer.status < 400 || answer.status >= 500 || typeof answer.body?.message !== 'string') {
        throw new Error(`${path.join('.')} = ${JSON.stringify(target[path.at(-1)!])} answered ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(catalog.stock(1)).toBe(stockBefore - 2 * paid);
  });
});

describe('rate limits', () => {
  test('token sync, checkout, coupon preview and order reads are limited per client with a 429 and Retry-After', async () => {
    const limited = await startTestServer({
      repository: storage.repository,
      catalog,
      stripeMockUrl: mock.url,
      config: { rateLimits: { checkoutPerMinute: 2, sessionPerMinute: 3, couponPerMinute: 2, ordersPerMinute: 2 } },
    });
    try {
      const sync = () => request(`${limited.url}/api/checkout/session`, { method: 'POST', headers: { authorization: 'Bearer id-token:u:e' } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await sync()).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const last = await sync();
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(last.body.message).toMatch(/^Too many requests; please try again in \d+ seconds$/);
      const checkouts = [];
      for (let i = 0; i < 3; i++) checkouts.push((await request(`${limited.url}/save-stripe-token`, { body: {} })).status);
      expect(checkouts).toEqual([400, 400, 429]);
      // The coupon preview (which asks the catalogue) and order reads have budgets of their own.
      const previews = [];
      for (let i = 0; i < 3; i++)
        previews.push((await request(`${limited.url}/api/checkout/coupons/validate`, { body: { code: 'SAVE10', lines: [{ id: 1, qun: 1 }] } })).status);
      expect(previews).toEqual([200, 200, 429]);
      const reads = [];
      for (let i = 0; i < 3; i++) reads.push((await request(`${limited.url}/api/checkout/orders`)).status);
      expect(reads).toEqual([401, 401, 429]);
    } finally {
      await limited.stop();
    }
  });
});
