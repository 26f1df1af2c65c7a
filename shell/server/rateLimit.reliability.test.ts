// Rate limits as a shopper meets them through the gateway: the contact form's token bucket, and the
// checkout service's limits on checkout and token sync, which see the client address the gateway
// forwards. A client cannot dodge either by sending its own X-Forwarded-For; behind a trusted proxy
// (TRUST_PROXY) each real client gets its own budget.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimiter } from './rateLimit.ts';
import { startCatalog, startCheckout, startGateway, workspace, type Service } from './testing/liveServices.ts';

jest.setTimeout(60_000);

describe('the token bucket', () => {
  /** Calls the hook as Fastify would, with a reply that records what it was given. */
  function limiterWith(perMinute: number, clock: { now: number }) {
    const limit = rateLimiter(perMinute, () => clock.now)!;
    return async (ip = '10.0.0.1') => {
      const reply = {
        status: 200,
        headers: {} as Record<string, string>,
        body: undefined as unknown,
        header(name: string, value: string) {
          this.headers[name] = value;
          return this;
        },
        code(status: number) {
          this.status = status;
          return this;
        },
        async send(body: unknown) {
          this.body = body;
          return this;
        },
      };
      await limit({ ip } as FastifyRequest, reply as unknown as FastifyReply);
      return reply;
    };
  }

  it('allows a burst of perMinute, then answers 429 JSON with Retry-After until a token is back', async () => {
    const clock = { now: 1_000_000 };
    const post = limiterWith(5, clock);
    for (let i = 0; i < 5; i++) expect((await post()).status).toBe(200);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('12');
    expect(limited.body).toEqual({ message: 'Too many messages; please try again in 12 seconds' });
    expect((await post('10.0.0.2')).status).toBe(200);
    clock.now += 6_000;
    expect((await post()).headers['retry-after']).toBe('6');
    clock.now += 6_000;
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(429);
    clock.now += 60_000;
    for (let i = 0; i < 5; i++) expect((await post()).status).toBe(200);
  });

  it('is off at 0', () => {
    expect(rateLimiter(0)).toBeUndefined();
  });

  it('keeps memory bounded under a flood of distinct addresses, forgetting the oldest', async () => {
    const clock = { now: 0 };
    const post = limiterWith(1, clock);
    expect((await post('10.0.0.0')).status).toBe(200);
    expect((await post('10.0.0.0')).status).toBe(429);
    for (let i = 1; i <= 10_001; i++) await post(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    // Tracking stops at 10,000 clients: the first one was dropped, the newest is still counted.
    expect((await post('10.0.0.0')).status).toBe(200);
    expect((await post('10.0.39.17')).status).toBe(429);
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
    expect(limited.headers.get('retry-after')).toMatch(/^(1[0-9]|20)$/);
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
    expect(limited.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await limited.json()).toEqual({ message: expect.stringMatching(/^Too many messages; please try again in \d+ seconds$/) });
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
