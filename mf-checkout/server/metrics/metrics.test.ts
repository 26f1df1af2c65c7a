// The checkout's metrics as a scraper reads them: a few purchases through the service, the local
// Stripe and its signed webhooks, then the registry's text shows the orders' transitions, payment
// outcomes, 3-D Secure challenges, webhooks and rate-limit refusals.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { startLocalStripe, type LocalStripe } from '../../../stand-ins/stripe/index.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { checkoutBody, openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';
import { loadConfig } from '../config.ts';
import { paymentOutcomeOf } from './countedOrders.ts';
import { startMetricsServer, type MetricsListener } from 'service-kit/metrics';
import { registry } from './registry.ts';

jest.setTimeout(30_000);

const SECRET = 'whsec_metrics_test_secret';

/** The value of one sample (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the metrics listener setting', () => {
  const defaults = { sqlitePath: ':memory:' };
  it('is off unless METRICS_PORT is set, and on loopback unless METRICS_HOST says otherwise', () => {
    const token = { INTERNAL_TOKEN: 'metrics-test-internal-token' };
    expect(loadConfig(token, defaults).metrics).toBeUndefined();
    expect(loadConfig({ ...token, METRICS_PORT: '9466' }, defaults).metrics).toEqual({ port: 9466, host: '127.0.0.1' });
    expect(loadConfig({ ...token, METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' }, defaults).metrics).toEqual({ port: 0, host: '10.0.0.5' });
    expect(() => loadConfig({ ...token, METRICS_PORT: '70000' }, defaults)).toThrow(/METRICS_PORT/);
  });
});

describe('payment outcomes of failed orders', () => {
  it.each([
    ['out_of_stock', null],
    ['catalog_unavailable', null],
    ['payment_unavailable', 'unavailable'],
    ['payment_abandoned', 'abandoned'],
    ['payment_not_completed', 'not_completed'],
    ['insufficient_funds', 'declined'],
    ['payment_intent_authentication_failure', 'declined'],
  ])('%s -> %s', (code, outcome) => expect(paymentOutcomeOf(code)).toBe(outcome));
});

describe('checkout metrics', () => {
  let storage: TestStorage;
  let catalog: FakeCatalog;
  let server: TestServer;
  let limited: TestServer;
  let local: LocalStripe;
  let stripe: Stripe;
  let listener: MetricsListener;
  let webhookTarget = '';
  let forwarder: http.Server;

  beforeAll(async () => {
    // Stands in for the gateway: Stripe's webhooks go to a URL known before the service listens.
    forwarder = http.createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        fetch(`${webhookTarget}/api/checkout/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': String(incoming.headers['stripe-signature']) },
          body: Buffer.concat(chunks),
        })
          .then(async (answer) => outgoing.writeHead(answer.status).end(await answer.text()))
          .catch(() => outgoing.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
    local = await startLocalStripe({
      host: '127.0.0.1',
      port: 0,
      webhook: { url: `http://127.0.0.1:${(forwarder.address() as { port: number }).port}`, secret: SECRET },
      delivery: { firstRetryMs: 50, maxDelayMs: 200 },
    });
    const { hostname, port } = new URL(local.url);
    stripe = new Stripe('sk_test_local', { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    storage = await openTestRepository('sqlite');
    catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 100 }]);
    server = await startTestServer({
      repository: storage.repository,
      catalog,
      stripeMockUrl: 'http://127.0.0.1:9',
      localStripe: { url: local.url, webhookSecret: SECRET },
    });
    webhookTarget = server.url;
    limited = await startTestServer({
      repository: storage.repository,
      catalog,
      stripeMockUrl: 'http://127.0.0.1:9',
      config: { rateLimits: { checkoutPerMinute: 1, sessionPerMinute: 0, couponPerMinute: 0, ordersPerMinute: 0 } },
    });
    listener = (await startMetricsServer({ port: 0, host: '127.0.0.1' }, async () => ({ contentType: registry.contentType, text: await registry.metrics() })))!;
  });

  afterAll(async () => {
    await local?.close();
    await new Promise((resolve) => forwarder?.close(resolve));
    await server?.stop();
    await limited?.stop();
    await listener?.close();
    await catalog?.close();
    await storage?.cleanup();
  });

  const scrape = async () => (await fetch(listener.url)).text();
  const start = async () => {
    const { token: _card, ...body } = checkoutBody({ lines: [{ id: 1, qun: 1 }], idempotencyKey: randomUUID() });
    const started = await request(`${server.url}/api/checkout/payment-intents`, { body });
    expect(started.status).toBe(201);
    return {
      orderId: started.body.orderId as string,
      clientSecret: started.body.clientSecret as string,
      id: (started.body.clientSecret as string).split('_secret_')[0]!,
    };
  };
  const settle = (orderId: string) => request(`${server.url}/api/checkout/orders/${orderId}/payment`, { method: 'POST' });
  const authenticate = (id: string, clientSecret: string, answer: 'complete' | 'fail') =>
    fetch(`${local.url}/authenticate/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: clientSecret, answer }),
    });
  const webhooksDelivered = async () => {
    const deadline = Date.now() + 5000;
    while (!local.deliveries().every((delivery) => delivery.delivered)) {
      if (Date.now() > deadline) throw new Error('webhooks not delivered within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('is served on its own listener only: the API port has no /metrics', async () => {
    expect((await request(`${server.url}/metrics`)).status).toBe(404);
    expect(await scrape()).toContain('process_cpu_user_seconds_total');
  });

  it('counts orders, payments, 3-D Secure and webhooks as a journey makes them', async () => {
    const before = await scrape();

    const paid = await start();
    await stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    expect((await settle(paid.orderId)).status).toBe(200);

    const challenged = await start();
    await stripe.paymentIntents.confirm(challenged.id, { payment_method: 'pm_card_authenticationRequired' });
    await webhooksDelivered();
    await authenticate(challenged.id, challenged.clientSecret, 'complete');

    const refused = await start();
    await stripe.paymentIntents.confirm(refused.id, { payment_method: 'pm_card_authenticationRequired' });
    await webhooksDelivered();
    await authenticate(refused.id, refused.clientSecret, 'fail');

    const declined = await start();
    await expect(stripe.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toBeDefined();
    await webhooksDelivered();
    expect((await settle(declined.orderId)).status).toBe(402);
    expect((await settle(refused.orderId)).status).toBe(402);

    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: paid.id } } });
    const bad = await request(`${server.url}/api/checkout/stripe/webhook`, {
      rawBody: forged,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(bad.status).toBe(400);
    await webhooksDelivered();

    const after = await scrape();
    const rise = (series: string) => sample(after, series) - sample(before, series);
    expect(rise('checkout_order_transitions_total{from="new",to="pending"}')).toBe(4);
    expect(rise('checkout_order_transitions_total{from="unpaid",to="paid"}')).toBe(2);
    expect(rise('checkout_order_transitions_total{from="pending",to="failed"}')).toBe(2);
    expect(rise('checkout_payments_total{outcome="succeeded"}')).toBe(2);
    expect(rise('checkout_payments_total{outcome="declined"}')).toBe(2);
    expect(rise('checkout_3ds_challenges_total{outcome="required"}')).toBe(2);
    expect(rise('checkout_3ds_challenges_total{outcome="passed"}')).toBe(1);
    expect(rise('checkout_3ds_challenges_total{outcome="failed"}')).toBe(1);
    expect(rise('checkout_webhooks_total{type="payment_intent.requires_action",outcome="processed"}')).toBe(2);
    expect(rise('checkout_webhooks_total{type="unknown",outcome="unverified"}')).toBe(1);
    expect(rise('http_requests_total{route="/api/checkout/payment-intents",method="POST",status="201"}')).toBe(4);
    expect(rise('http_requests_total{route="/api/checkout/orders/:id/payment",method="POST",status="402"}')).toBe(2);
    expect(after).not.toContain(paid.orderId);
  });

  it('counts rate-limit refusals by limit', async () => {
    const before = sample(await scrape(), 'checkout_rate_limit_refusals_total{limit="checkout"}');
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await request(`${limited.url}/api/checkout/payment-intents`, { body: {} })).status);
    expect(statuses).toEqual([400, 429]);
    expect(sample(await scrape(), 'checkout_rate_limit_refusals_total{limit="checkout"}') - before).toBe(1);
  });
});
