// The PaymentIntent card path over real HTTP: the checkout service, the project's local Stripe
// (reached through the official SDK, as real Stripe is) and its signed webhooks, on both storage
// backends. What the page does with Stripe.js is done here with the SDK.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { signatureHeader, startLocalStripe, type LocalStripe } from '../../../stand-ins/stripe/index.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { checkoutBody, openTestRepository, request, startTestServer, type JsonAnswer, type TestServer, type TestStorage } from '../testing/harness.ts';

jest.setTimeout(30_000);

const SECRET = 'whsec_intent_test_secret';
const PRODUCT = { id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 10 };

/** Stands in for the gateway: the local Stripe delivers to a URL known only once the service listens. */
function forwarder() {
  let target = '';
  return {
    setTarget: (url: string) => (target = url),
    url: '',
    async start() {
      const http = await import('node:http');
      const server = http.createServer((incoming, outgoing) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          if (!target) return void outgoing.writeHead(503).end();
          fetch(`${target}/api/checkout/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': String(incoming.headers['stripe-signature']) },
            body: Buffer.concat(chunks),
          })
            .then(async (answer) => outgoing.writeHead(answer.status).end(await answer.text()))
            .catch(() => outgoing.writeHead(502).end());
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(['sqlite', 'postgres'] as const)('card payments by PaymentIntent, orders on %s', (backend) => {
  let storage: TestStorage;
  let catalog: FakeCatalog;
  let server: TestServer;
  let local: LocalStripe;
  let stripe: Stripe;
  let stopForwarder: () => Promise<void>;
  let offsetMs = 0;
  const hooks = forwarder();

  beforeAll(async () => {
    stopForwarder = await hooks.start();
    local = await startLocalStripe({
      host: '127.0.0.1',
      port: 0,
      webhook: { url: hooks.url, secret: SECRET },
      delivery: { firstRetryMs: 50, maxDelayMs: 200 },
    });
    const { hostname, port } = new URL(local.url);
    stripe = new Stripe('sk_test_local', { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    storage = await openTestRepository(backend);
    catalog = await startFakeCatalog([PRODUCT]);
    server = await startTestServer({
      repository: storage.repository,
      catalog,
      stripeMockUrl: 'http://127.0.0.1:9',
      localStripe: { url: local.url, webhookSecret: SECRET },
      deps: { now: () => new Date(Date.now() + offsetMs) },
    });
    hooks.setTarget(server.url);
  });

  afterAll(async () => {
    // Stripe and the forwarder first: a webhook still on its way would hold the service's stop.
    await local?.close();
    await stopForwarder?.();
    await server?.stop();
    await catalog?.close();
    await storage?.cleanup();
  });

  const start = async (quantity = 1, key: string = randomUUID()) => {
    const { token: _card, ...body } = checkoutBody({ lines: [{ id: 1, qun: quantity }], idempotencyKey: key });
    return request(`${server.url}/api/checkout/payment-intents`, { body });
  };
  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
  const settle = (orderId: string) => request(`${server.url}/api/checkout/orders/${orderId}/payment`, { method: 'POST' });
  const order = (id: string) => storage.repository.findById(id);
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what} did not happen within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  /** Stripe's own webhooks answered 503 (Stripe retries them), so that only what the test sends settles an order. */
  const holdStripeWebhooks = () => hooks.setTarget('');
  /** Every webhook Stripe has sent so far delivered and answered 2xx: their settles are over. */
  const webhooksAnswered = async () => {
    hooks.setTarget(server.url);
    await until(async () => local.deliveries().every((delivery) => delivery.delivered), "Stripe's webhook deliveries");
  };
  const postEvent = (payload: string, signature = signatureHeader(payload, SECRET)) =>
    request(`${server.url}/api/checkout/stripe/webhook`, { rawBody: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  const event = (type: string, object: object) => JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object } });
  const authenticate = (id: string, clientSecret: string, answer: 'complete' | 'fail') =>
    fetch(`${local.url}/authenticate/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: clientSecret, answer }),
    });

  test('4242: the intent is for the total the service computed; paid once, whether the page or the webhook tells first', async () => {
    const before = catalog.stock(1);
    const started = await start(2);
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      orderId: expect.any(String),
      orderNumber: expect.any(Number),
      totalCents: 3998,
      currency: 'usd',
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    const intent = await stripe.paymentIntents.retrieve(intentIdOf(started.body.clientSecret));
    expect(intent).toMatchObject({ amount: 3998, currency: 'usd', metadata: { order_id: started.body.orderId } });
    expect(catalog.stock(1)).toBe(before - 2);

    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const returned = await settle(started.body.orderId);
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ email: 'ada@example.com', orderId: started.body.orderId, status: 'paid' });
    await webhooksAnswered();
    expect(await order(started.body.orderId)).toMatchObject({ status: 'paid', paymentId: intent.id, stockSettled: true });
    expect(catalog.reservations.get(started.body.orderId)?.status).toBe('committed');
    expect(catalog.stock(1)).toBe(before - 2);
  });

  test('the same purchase sent twice gets the same intent, not a second one', async () => {
    const key = randomUUID();
    const first = await start(1, key);
    const again = await start(1, key);
    expect(again.status).toBe(201);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(again.body.orderId).toBe(first.body.orderId);
  });

  test('3184 with "Fail authentication": the card\'s message, no paid order, stock back, the intent cancelled', async () => {
    const before = catalog.stock(1);
    const started = await start(1);
    const id = intentIdOf(started.body.clientSecret);
    const waiting = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_authenticationRequired' });
    expect(waiting.status).toBe('requires_action');
    expect((await settle(started.body.orderId)).status).toBe(202);
    await authenticate(id, started.body.clientSecret, 'fail');
    const returned = await settle(started.body.orderId);
    expect(returned.status).toBe(402);
    expect(returned.body).toMatchObject({
      code: 'payment_intent_authentication_failure',
      message: expect.stringMatching(/unable to authenticate your payment method/),
    });
    expect(await order(started.body.orderId)).toMatchObject({ status: 'failed', stockSettled: true });
    expect(catalog.stock(1)).toBe(before);
    expect((await stripe.paymentIntents.retrieve(id)).status).toBe('canceled');
  });

  test('3184 completed after the shopper left: the webhook alone makes the order paid', async () => {
    const started = await start(1);
    const id = intentIdOf(started.body.clientSecret);
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_authenticationRequired' });
    await authenticate(id, started.body.clientSecret, 'complete');
    await webhooksAnswered();
    expect(await order(started.body.orderId)).toMatchObject({ status: 'paid', paymentId: id, stockSettled: true });
  });

  test("9995: insufficient funds in the card's words, and the stock goes back", async () => {
    const before = catalog.stock(1);
    const started = await start(1);
    const method = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000000000009995', exp_month: 12, exp_year: 2040 } });
    await expect(stripe.paymentIntents.confirm(intentIdOf(started.body.clientSecret), { payment_method: method.id })).rejects.toMatchObject({
      decline_code: 'insufficient_funds',
    });
    const returned = await settle(started.body.orderId);
    expect(returned).toMatchObject({ status: 402, body: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    expect(catalog.stock(1)).toBe(before);
  });

  test('webhooks: a bad signature changes nothing; one event three times and out of order makes one paid order; unknown types are acknowledged', async () => {
    const started = await start(1);
    const id = intentIdOf(started.body.clientSecret);

    // A forged "succeeded" (or one whose amount was changed on the way) is refused and changes nothing.
    const forged = event('payment_intent.succeeded', { id, amount: 1, metadata: { order_id: started.body.orderId } });
    expect((await postEvent(forged, signatureHeader(forged, 'whsec_someone_elses_secret'))).status).toBe(400);
    expect((await postEvent(forged, 'garbage')).status).toBe(400);
    expect((await request(`${server.url}/api/checkout/stripe/webhook`, { rawBody: forged, headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect(await order(started.body.orderId)).toMatchObject({ status: 'pending' });
    // Signed but not true: the intent was never paid, and Stripe is asked rather than the event believed.
    expect((await postEvent(forged)).body).toMatchObject({ received: true, status: 'pending' });

    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    const succeeded = event('payment_intent.succeeded', { id, metadata: { order_id: started.body.orderId } });
    const lateFailure = event('payment_intent.payment_failed', { id, metadata: { order_id: started.body.orderId } });
    for (const payload of [succeeded, lateFailure, succeeded, succeeded]) expect((await postEvent(payload)).status).toBe(200);
    expect(await order(started.body.orderId)).toMatchObject({ status: 'paid', stockSettled: true });
    expect(catalog.reservations.get(started.body.orderId)?.status).toBe('committed');
    expect((await postEvent(event('customer.created', { id: 'cus_1' }))).body).toEqual({ received: true, ignored: 'customer.created' });
  });

  describe('the page and the webhook settle one order at once: no answer comes before its stock is settled', () => {
    const cards = [
      {
        card: '3184 with "Fail authentication"',
        pay: async (id: string, clientSecret: string) => {
          await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_authenticationRequired' });
          await authenticate(id, clientSecret, 'fail');
        },
        eventType: 'payment_intent.payment_failed',
        status: 'failed',
        pageStatus: 402,
        stockCall: 'release',
        /** The unit reserved for the order, back on the shelf. */
        taken: 0,
      },
      {
        card: '4242',
        pay: async (id: string) => void (await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' })),
        eventType: 'payment_intent.succeeded',
        status: 'paid',
        pageStatus: 200,
        stockCall: 'commit',
        taken: 1,
      },
    ] as const;
    type Card = (typeof cards)[number];

    /**
     * A paid-for (or failed) order whose page settle and webhook are yet to come, with Stripe's own
     * webhooks held back so that only the two requests the test sends settle it. The first stock
     * call for the order is held at the catalogue until the test resumes it.
     */
    async function readyToSettle(card: Card) {
      const before = catalog.stock(1);
      holdStripeWebhooks();
      const started = await start(1);
      const orderId: string = started.body.orderId;
      const intentId = intentIdOf(started.body.clientSecret);
      await card.pay(intentId, started.body.clientSecret);
      const held = catalog.holdNext(new RegExp(`^/stock/reservations/${orderId}/${card.stockCall}$`));
      /** The answer with what the shopper would find the moment it arrives. */
      const answered = async (pending: Promise<JsonAnswer>) => {
        const answer = await pending;
        return { status: answer.status, order: await order(orderId), stock: catalog.stock(1) };
      };
      return {
        held,
        page: () => answered(settle(orderId)),
        webhook: () => answered(postEvent(event(card.eventType, { id: intentId, metadata: { order_id: orderId } }))),
        /** What every answer must show: the order final, its stock released (failed) or taken (paid). */
        settled: { order: { status: card.status, stockSettled: true }, stock: before - card.taken },
      };
    }

    afterEach(webhooksAnswered);

    test.each(cards)('$card: both started together', async (card) => {
      const race = await readyToSettle(card);
      const page = race.page();
      const webhook = race.webhook();
      await race.held.arrived;
      // Whoever answers first does so while the other's stock call is still held.
      await Promise.race([page, webhook]);
      race.held.resume();
      const answers = await Promise.all([page, webhook]);
      expect(answers.map((answer) => answer.status)).toEqual([card.pageStatus, 200]);
      for (const answer of answers) expect(answer).toMatchObject(race.settled);
    });

    test.each(cards)('$card: the webhook comes while the page is settling the stock', async (card) => {
      const race = await readyToSettle(card);
      const page = race.page();
      await race.held.arrived;
      const webhook = await race.webhook();
      race.held.resume();
      expect([await page, webhook]).toMatchObject([
        { status: card.pageStatus, ...race.settled },
        { status: 200, ...race.settled },
      ]);
    });
  });

  test('an intent nobody pays is cancelled when it times out, and its stock released', async () => {
    const started = await start(1);
    await server.server.recovery.run();
    expect(await order(started.body.orderId)).toMatchObject({ status: 'pending' });
    offsetMs = 31 * 60_000;
    // Held back: the webhook of recovery's own cancellation races it to fail the order, and when it
    // wins the order fails as payment_not_completed (Stripe's record does not say why it was cancelled).
    holdStripeWebhooks();
    try {
      await server.server.recovery.run();
    } finally {
      offsetMs = 0;
    }
    await webhooksAnswered();
    expect(await order(started.body.orderId)).toMatchObject({ status: 'failed', failureCode: 'payment_abandoned', stockSettled: true });
    expect(catalog.reservations.get(started.body.orderId)?.status).toBe('released');
    expect((await stripe.paymentIntents.retrieve(intentIdOf(started.body.clientSecret))).status).toBe('canceled');
  });
});
