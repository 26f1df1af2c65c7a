// Found by http/hostileInput.fuzz.test.ts: a card token the payment server did not know made a paid
// order without any charge. The local Stripe answers such a token with a 500 whose body has no
// `error` object; the Stripe SDK hands that body back as if it were the charge, and the gateway took
// anything not 'failed' as paid: on PostgreSQL a paid order with no payment id and its stock
// committed, on SQLite a 500. Now only a charge with an id and status 'succeeded' pays an order.
import { startStripeMock, type StripeMock } from '../../../stand-ins/stripe/testing/stripeMock.ts';
import { createStripeGateway } from './stripeGateway.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { checkoutBody, openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';

jest.setTimeout(30_000);

let mock: StripeMock;

beforeAll(async () => {
  mock = await startStripeMock();
});

afterAll(async () => {
  await mock?.stop();
});

test('the gateway never reports an answer without a succeeded charge as paid', async () => {
  const gateway = createStripeGateway({ secretKey: undefined, mockUrl: mock.url, retryDelayMs: 1 });
  const result = await gateway.charge({
    orderId: 'order-unknown-token',
    orderNumber: 1,
    amountCents: 1999,
    currency: 'usd',
    source: 'tok_notAKnownTestToken',
    description: 'x',
    receiptEmail: 'ada@example.com',
  });
  expect(result).toMatchObject({ outcome: 'unavailable', maybeCharged: true });
  const visa = await gateway.charge({
    orderId: 'order-visa',
    orderNumber: 2,
    amountCents: 1999,
    currency: 'usd',
    source: 'tok_visa',
    description: 'x',
    receiptEmail: 'ada@example.com',
  });
  expect(visa).toMatchObject({ outcome: 'succeeded', paymentId: expect.stringMatching(/^ch_/) });
});

describe.each(['sqlite', 'postgres'] as const)('an unknown card token, orders on %s', (backend) => {
  let storage: TestStorage;
  let catalog: FakeCatalog;
  let server: TestServer;
  let offsetMs = 0;

  beforeAll(async () => {
    storage = await openTestRepository(backend);
    catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 10 }]);
    server = await startTestServer({
      repository: storage.repository,
      catalog,
      stripeMockUrl: mock.url,
      config: { recoveryAfterSeconds: 60 },
      deps: { now: () => new Date(Date.now() + offsetMs) },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await catalog?.close();
    await storage?.cleanup();
  });

  test('answers 503 payment_unconfirmed, holds the stock, and recovery cancels the order uncharged', async () => {
    const answer = await request(`${server.url}/save-stripe-token`, { body: checkoutBody({ token: { id: 'tok_notAKnownTestToken' } }) });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'payment_unconfirmed', message: expect.stringMatching(/could not confirm your payment/) });
    const pending = await storage.repository.findById(answer.body.orderId);
    expect(pending).toMatchObject({ status: 'pending', paymentId: null });
    expect(catalog.stock(1)).toBe(8);

    offsetMs = 5 * 60_000;
    await server.server.recovery.run();
    expect(await storage.repository.findById(answer.body.orderId)).toMatchObject({ status: 'failed', paymentId: null, stockSettled: true });
    expect(catalog.stock(1)).toBe(10);
  });
});
