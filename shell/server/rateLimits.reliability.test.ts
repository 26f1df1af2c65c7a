// Rate limits as a shopper meets them through the gateway: per-address limits on every public
// endpoint (a stricter one on the contact form and the catalogue API), and the checkout service's
// limits, which see the client address the gateway forwards. A client cannot dodge them by sending
// its own X-Forwarded-For; behind a trusted proxy (TRUST_PROXY) each real client gets its own budget;
// with Redis several gateways share one budget per client; without it memory stays bounded.
import { randomInt } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { setFlagsFromString } from 'node:v8';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerRateLimits, TRACKED_ADDRESSES } from './rateLimits.ts';
import { startCatalog, startCheckout, startGateway, workspace, type Service } from './testing/liveServices.ts';

jest.setTimeout(120_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('the limiter', () => {
  let app: FastifyInstance;
  let base: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  /** A small app behind a trusted proxy (the test), so each request can say which address it is from. */
  async function start(perMinute: number) {
    app = Fastify({ trustProxy: true });
    const limits = await registerRateLimits(app, {
      perAddressPerMinute: perMinute,
      catalogPerMinute: 0,
      contactPerMinute: 0,
      vitalsPerMinute: 0,
      redisUrl: undefined,
    });
    app.get('/page', async () => 'ok');
    app.get('/healthz', async () => 'ok');
    app.post('/form', { config: limits.routeLimit(2, 'form') }, async () => 'sent');
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  }
  afterEach(async () => app?.close());
  afterAll(() => agent.destroy());

  const from = (address: string, path = '/page', method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method, agent, headers: { 'x-forwarded-for': address } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on('error', reject);
      request.end();
    });

  it('lets each address through perMinute times, then answers 429 with Retry-After; probes never count', async () => {
    await start(3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await from('10.0.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await from('10.0.0.1');
    expect(limited.headers['retry-after']).toMatch(/^(59|60)$/);
    expect(JSON.parse(limited.body)).toMatchObject({ message: expect.stringMatching(/^Too many requests; please try again in (59|60) seconds$/) });
    expect((await from('10.0.0.2')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await from('10.0.0.1', '/healthz')).status).toBe(200);
  });

  it('counts a stricter route tier apart from the per-address budget', async () => {
    await start(100);
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await from('10.0.1.1', '/form', 'POST')).status);
    expect(posts).toEqual([200, 200, 429]);
    expect((await from('10.0.1.1')).status).toBe(200);
  });

  it('keeps memory bounded under 100,000 distinct addresses: the least recent are forgotten, nothing piles up', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await start(1);
    expect((await from('10.255.255.1')).status).toBe(200);
    expect((await from('10.255.255.1')).status).toBe(429);
    gc();
    const before = process.memoryUsage().heapUsed;
    const total = 100_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = next++; i < total; i = next++) await from(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      }),
    );
    gc();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    // The first address was forgotten long ago (at most TRACKED_ADDRESSES are kept): its budget is whole again.
    expect((await from('10.255.255.1')).status).toBe(200);
    // A recent one is still counted.
    expect((await from('10.1.134.159')).status).toBe(429);
    console.log(`100,000 addresses: heap grew ${grownMb.toFixed(1)} MB (at most ${TRACKED_ADDRESSES} addresses tracked)`);
    expect(grownMb).toBeLessThan(30);
  });
});

describe('limits through the gateway', () => {
  const ws = workspace('gateway-limits-');
  let catalog: Service;
  let checkout: Service;
  let gateway: Service;
  let trusting: Service;

  beforeAll(async () => {
    catalog = ws.track(await startCatalog(ws.root));
    checkout = ws.track(await startCheckout(ws.root, catalog.url, { RATE_LIMIT_CHECKOUT_PER_MINUTE: '2', RATE_LIMIT_SESSION_PER_MINUTE: '3' }));
    const upstreams = { catalogUrl: catalog.url, checkoutUrl: checkout.url };
    [gateway, trusting] = await Promise.all([
      startGateway(`${ws.root}/plain`, upstreams, { CONTACT_RATE_LIMIT_PER_MINUTE: '3' }),
      startGateway(`${ws.root}/trusting`, upstreams, { CONTACT_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' }),
    ]);
    ws.track(gateway);
    ws.track(trusting);
  });

  afterAll(async () => {
    await ws.cleanup();
  });

  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const message = { name: 'Ann', email: 'ann@example.com', message: 'Do you deliver on Saturdays?' };

  it('limits contact posts per client with a clear 429, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(gateway.url, '/api/contact', message, { 'x-forwarded-for': `203.0.113.${i}` })).status);
    const limited = await post(gateway.url, '/api/contact', message, { 'x-forwarded-for': '198.51.100.7' });
    expect([...statuses, limited.status]).toEqual([201, 201, 201, 429]);
    expect(limited.headers.get('retry-after')).toMatch(/^(5\d|60)$/);
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
    expect(limited.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await limited.json()).toEqual({ message: expect.stringMatching(/^Too many requests; please try again in \d+ seconds$/) });
    // Broken and oversized posts count too: the limit runs before the body is read.
    expect((await fetch(`${gateway.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(429);
  });

  it('behind a trusted proxy, gives each forwarded client its own budget', async () => {
    const first: number[] = [];
    for (let i = 0; i < 4; i++) first.push((await post(trusting.url, '/api/contact', message, { 'x-forwarded-for': '203.0.113.10' })).status);
    const other = await post(trusting.url, '/api/contact', message, { 'x-forwarded-for': '203.0.113.11' });
    expect([...first, other.status]).toEqual([201, 201, 201, 429, 201]);
  });

  it('the checkout service limits token sync and checkout per shopper, as the gateway forwards them', async () => {
    // Spoofed X-Forwarded-For values are replaced by the gateway: one shopper, one budget.
    const sync = (forwarded: string) =>
      fetch(`${gateway.url}/api/checkout/session`, { method: 'POST', headers: { authorization: 'Bearer not-a-token', 'x-forwarded-for': forwarded } });
    const syncs = [];
    for (let i = 0; i < 4; i++) syncs.push((await sync(`192.0.2.${i}`)).status);
    expect(syncs).toEqual([401, 401, 401, 429]);
    const limited = await sync('192.0.2.99');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({ message: expect.stringMatching(/^Too many requests; please try again in \d+ seconds$/) });

    const checkouts = [];
    for (let i = 0; i < 3; i++) checkouts.push((await post(gateway.url, '/save-stripe-token', {}, { 'x-forwarded-for': `192.0.2.${i}` })).status);
    expect(checkouts).toEqual([400, 400, 429]);

    // Behind a trusted proxy the real clients are told apart, each with its own budget.
    const viaProxy = [];
    for (let i = 0; i < 3; i++) viaProxy.push((await post(trusting.url, '/save-stripe-token', {}, { 'x-forwarded-for': '198.51.100.20' })).status);
    viaProxy.push((await post(trusting.url, '/save-stripe-token', {}, { 'x-forwarded-for': '198.51.100.21' })).status);
    expect(viaProxy).toEqual([400, 400, 429, 400]);
  });
});

describe('two gateways sharing one Redis and one PostgreSQL', () => {
  const ws = workspace('gateway-redis-');
  const schema = `gateway_test_${randomInt(1e9)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  let catalog: Service;
  let checkout: Service;
  let gateways: Service[];

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    catalog = ws.track(await startCatalog(ws.root));
    checkout = ws.track(await startCheckout(ws.root, catalog.url));
    const upstreams = { catalogUrl: catalog.url, checkoutUrl: checkout.url };
    // Behind one load balancer (the test, trusted by both), as in deploy/compose.yaml.
    const env = {
      REDIS_URL,
      DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      TRUST_PROXY: '127.0.0.1',
      CONTACT_RATE_LIMIT_PER_MINUTE: '3',
      CATALOG_RATE_LIMIT_PER_MINUTE: '4',
    };
    gateways = await Promise.all([startGateway(`${ws.root}/a`, upstreams, env), startGateway(`${ws.root}/b`, upstreams, env)]);
    for (const gateway of gateways) ws.track(gateway);
  });

  afterAll(async () => {
    await ws.cleanup();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  // A fresh shopper address per run: counters in Redis outlive a test run by up to a minute.
  const shopper = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

  it('one shopper has one budget, whichever gateway the balancer picks; their messages land in one table', async () => {
    const address = shopper();
    const post = (gateway: Service) =>
      fetch(`${gateway.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', message: 'Hello' }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(gateways[i % 2]!)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Both gateways wrote to the one table the team reads.
    expect(Number((await admin.query(`select count(*) as n from ${schema}.contact_messages`)).rows[0].n)).toBe(3);

    const other = shopper();
    const reads = [];
    for (let i = 0; i < 5; i++)
      reads.push((await fetch(`${gateways[i % 2]!.url}/api/catalog/products?limit=1`, { headers: { 'x-forwarded-for': other } })).status);
    expect(reads).toEqual([200, 200, 200, 200, 429]);
  });

  it('Redis gone: requests pass (a limit must never take the shop down)', async () => {
    const lonely = ws.track(
      await startGateway(
        `${ws.root}/c`,
        { catalogUrl: catalog.url, checkoutUrl: checkout.url },
        { REDIS_URL: 'redis://127.0.0.1:9/0', CATALOG_RATE_LIMIT_PER_MINUTE: '1' },
      ),
    );
    for (let i = 0; i < 3; i++) expect((await fetch(`${lonely.url}/api/catalog/products?limit=1`)).status).toBe(200);
  });
});
