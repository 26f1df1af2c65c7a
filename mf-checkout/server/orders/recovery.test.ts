import { randomUUID } from 'node:crypto';
import type { PaymentGateway } from '../payments/gateway.ts';
import { createStripeGateway } from '../payments/stripeGateway.ts';
import { startStripeMock, type StripeMock } from '../../../stand-ins/stripe/testing/stripeMock.ts';
import { createCatalogClient, type CatalogClient } from '../pricing/catalogClient.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { backends, billing, checkoutBody, openTestRepository, request, startTestServer, type TestStorage } from '../testing/harness.ts';
import type { Order } from './model.ts';
import { createRecovery } from './recovery.ts';

jest.setTimeout(30_000);

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const later = () => new Date(Date.now() + 10 * 60_000);

let mock: StripeMock;
beforeAll(async () => {
  mock = await startStripeMock();
});
afterAll(async () => {
  await mock.stop();
});

describe.each(backends)('recovery after a crash on %s', (backend) => {
  let storage: TestStorage;
  let fake: FakeCatalog;
  let catalog: CatalogClient;
  let payments: PaymentGateway;
  const repo = () => storage.repository;
  const at = () => new Date().toISOString();

  beforeAll(async () => {
    storage = await openTestRepository(backend);
    payments = createStripeGateway({ secretKey: undefined, mockUrl: mock.url });
  });
  afterAll(async () => {
    await storage.cleanup();
  });
  beforeEach(async () => {
    fake = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 10 }]);
    catalog = createCatalogClient({ baseUrl: fake.url, internalToken: fake.token });
  });
  afterEach(async () => {
    await fake.close();
  });

  type Stage = 'created' | 'reserved' | 'charge-started' | 'charged' | 'charge-declined' | 'paid' | 'failed';

  /** An order left exactly as a process killed right after `stage` would leave it. */
  async function orderCrashedAfter(stage: Stage): Promise<Order> {
    const { order } = await repo().createPending({
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      requestHash: 'hash',
      uid: null,
      email: 'ada@example.com',
      billing: billing(),
      currency: 'usd',
      coupon: null,
      createdAt: at(),
    });
    if (stage === 'created') return order;
    await catalog.reserve(order.id, [{ productId: 1, quantity: 2 }]);
    if (stage === 'reserved') return order;
    const lines = [{ productId: '1', title: 'Oak Side Table', unitCents: 1999, quantity: 2, lineCents: 3998 }];
    await repo().recordPricing(order.id, lines, { subtotalCents: 3998, discountCents: 0, totalCents: 3998 }, at());
    const source = stage === 'charge-declined' ? 'tok_chargeDeclined' : 'tok_visa';
    await repo().markChargeStarted(order.id, source, at());
    if (stage === 'charge-started') return order;
    const result = await payments.charge({
      orderId: order.id,
      orderNumber: order.number,
      amountCents: 3998,
      currency: 'usd',
      source,
      description: 'test',
      receiptEmail: 'ada@example.com',
    });
    if (stage === 'charged' || stage === 'charge-declined') return order;
    if (result.outcome !== 'succeeded') throw new Error('setup charge failed');
    if (stage === 'paid') await repo().markPaid(order.id, result.paymentId, at());
    else await repo().markFailed(order.id, { code: 'x', message: 'x' }, at());
    return order;
  }

  const recoveryWith = (overrides: { payments?: PaymentGateway; catalog?: CatalogClient; now?: () => Date } = {}) =>
    createRecovery({
      repository: repo(),
      catalog: overrides.catalog ?? catalog,
      payments: overrides.payments ?? payments,
      intents: { isIntentOrder: () => false, abandon: () => Promise.reject(new Error('no intent orders here')) },
      intentTimeoutSeconds: 1800,
      log: silent,
      now: overrides.now ?? later,
      olderThanSeconds: 60,
    });

  test.each([
    ['created', 'failed', 'interrupted', 'none'],
    ['reserved', 'failed', 'interrupted', 'released'],
    ['charge-started', 'failed', 'payment_not_completed', 'released'],
    ['charge-declined', 'failed', 'card_declined', 'released'],
    ['charged', 'paid', null, 'committed'],
    ['paid', 'paid', null, 'committed'],
    ['failed', 'failed', 'x', 'released'],
  ] as const)('crash after %s -> %s (%s), reservation %s', async (stage, status, code, reservation) => {
    const order = await orderCrashedAfter(stage);
    await recoveryWith().run();
    const recovered = await repo().findById(order.id);
    expect(recovered).toMatchObject({ status, failureCode: code, stockSettled: true });
    expect(fake.reservations.get(order.id)?.status ?? 'none').toBe(reservation);
    expect(fake.stock(1)).toBe(status === 'paid' ? 8 : 10);
    if (status === 'paid') expect(recovered?.paymentId).toMatch(/^ch_/);
  });

  test('a young pending order is left to its live request', async () => {
    const order = await orderCrashedAfter('reserved');
    const report = await recoveryWith({ now: () => new Date() }).run();
    expect((await repo().findById(order.id))?.status).toBe('pending');
    expect(fake.reservations.get(order.id)?.status).toBe('reserved');
    expect(report.failed).toBe(0);
  });

  test('with Stripe unreachable a started charge stays pending (and its stock reserved) until Stripe answers', async () => {
    const order = await orderCrashedAfter('charged');
    const down = createStripeGateway({ secretKey: undefined, mockUrl: 'http://127.0.0.1:9' });
    const report = await recoveryWith({ payments: down }).run();
    expect(report.deferred).toBeGreaterThanOrEqual(1);
    expect((await repo().findById(order.id))?.status).toBe('pending');
    expect(fake.reservations.get(order.id)?.status).toBe('reserved');
    await recoveryWith().run();
    expect((await repo().findById(order.id))?.status).toBe('paid');
    expect(fake.reservations.get(order.id)?.status).toBe('committed');
  });

  test('with the catalogue unreachable the stock is settled by a later run', async () => {
    const order = await orderCrashedAfter('paid');
    const unreachable = createCatalogClient({ baseUrl: 'http://127.0.0.1:9', internalToken: fake.token });
    await recoveryWith({ catalog: unreachable }).run();
    expect((await repo().findById(order.id))?.stockSettled).toBe(false);
    await recoveryWith().run();
    expect((await repo().findById(order.id))?.stockSettled).toBe(true);
    expect(fake.reservations.get(order.id)?.status).toBe('committed');
  });

  test('a charge whose answer was lost answers 503, holds the stock, and recovery makes the order paid', async () => {
    let clock = () => new Date();
    const lostAnswer: PaymentGateway = {
      async charge(req) {
        await payments.charge(req);
        return { outcome: 'unavailable', maybeCharged: true, message: 'socket hang up' };
      },
      findCharge: (orderId, createdAt) => payments.findCharge(orderId, createdAt),
    };
    const server = await startTestServer({
      repository: repo(),
      catalog: fake,
      stripeMockUrl: mock.url,
      config: { recoveryAfterSeconds: 60 },
      deps: { payments: lostAnswer, now: () => clock(), duplicateWaitMs: 100 },
    });
    try {
      const body = checkoutBody();
      const answer = await request(`${server.url}/save-stripe-token`, { body });
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('payment_unconfirmed');
      expect(fake.reservations.get(answer.body.orderId)?.status).toBe('reserved');
      const retry = await request(`${server.url}/save-stripe-token`, { body });
      expect(retry.status).toBe(409);
      expect(retry.body.code).toBe('in_progress');

      clock = later;
      await server.server.recovery.run();
      expect(await repo().findById(answer.body.orderId)).toMatchObject({ status: 'paid', stockSettled: true });
      expect(fake.reservations.get(answer.body.orderId)?.status).toBe('committed');
      const afterRecovery = await request(`${server.url}/save-stripe-token`, { body });
      expect(afterRecovery.status).toBe(200);
      expect(afterRecovery.body.orderId).toBe(answer.body.orderId);
    } finally {
      await server.stop();
    }
  });

  test('recovery runs when the service starts', async () => {
    const order = await orderCrashedAfter('charged');
    const server = await startTestServer({
      repository: repo(),
      catalog: fake,
      stripeMockUrl: mock.url,
      config: { recoveryAfterSeconds: 60 },
      deps: { now: later },
    });
    try {
      const deadline = Date.now() + 5000;
      while ((await repo().findById(order.id))?.status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await server.server.recovery.idle();
      expect(await repo().findById(order.id)).toMatchObject({ status: 'paid', stockSettled: true });
    } finally {
      await server.stop();
    }
  });
});
