import { randomUUID } from 'node:crypto';
import type { NewOrder } from '../orders/model.ts';
import { backends, billing, openTestRepository, type Backend, type TestStorage } from '../testing/harness.ts';
import { passwordResetMessage } from './outboxMessages.ts';
import type { OrderRepository } from './repository.ts';

const at = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const staff = { uid: 'staff-1', email: 'staff@example.com' };

function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    id: randomUUID(),
    idempotencyKey: randomUUID(),
    requestHash: 'h',
    uid: null,
    email: 'ada@example.com',
    billing: billing({ firstName: 'Ada' }),
    currency: 'usd',
    coupon: null,
    createdAt: at(),
    ...overrides,
  };
}

const LINES = [
  { productId: '7', title: 'Brass Desk Lamp', unitCents: 4999, quantity: 2, lineCents: 9998 },
  { productId: '31', title: 'Linen Cushion', unitCents: 1250, quantity: 1, lineCents: 1250 },
];

async function paidOrder(repo: OrderRepository, overrides: Partial<NewOrder> = {}) {
  const { order } = await repo.createPending(newOrder(overrides));
  await repo.recordPricing(order.id, LINES, { subtotalCents: 11248, discountCents: 0, totalCents: 11248 }, at());
  expect(await repo.markPaid(order.id, 'pi_1', at())).toBe(true);
  return order;
}

/** A trigger that makes every insert into the outbox fail, so the change around it must roll back. */
const REFUSE: Record<Backend, { on: string; off: string }> = {
  sqlite: {
    on: `CREATE TRIGGER outbox_refuse BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refused by the test'); END`,
    off: 'DROP TRIGGER outbox_refuse',
  },
  postgres: {
    on: `CREATE FUNCTION outbox_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refused by the test'; END $$;
         CREATE TRIGGER outbox_refuse BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_refuse()`,
    off: 'DROP TRIGGER outbox_refuse ON outbox; DROP FUNCTION outbox_refuse()',
  },
};

describe.each(backends)('outbox on %s', (backend) => {
  let storage: TestStorage;
  const repo = () => storage.repository;

  beforeAll(async () => {
    storage = await openTestRepository(backend);
  });
  afterAll(async () => {
    await storage.cleanup();
  });

  test('payment writes the confirmation in the shopper language, once', async () => {
    const order = await paidOrder(repo(), { lang: 'ru' });
    expect(await repo().markPaid(order.id, 'pi_1', at())).toBe(false);
    const messages = await repo().outbox.list({ orderId: order.id });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'order-confirmation',
      recipient: 'ada@example.com',
      lang: 'ru',
      state: 'queued',
      attempts: 0,
      messageId: expect.stringMatching(/^<[0-9a-f-]{36}@outbox\.storefront>$/),
      data: {
        orderId: order.id,
        orderNumber: order.number,
        firstName: 'Ada',
        totalCents: 11248,
        lines: [
          { title: 'Brass Desk Lamp', quantity: 2, amountCents: 9998 },
          { title: 'Linen Cushion', quantity: 1, amountCents: 1250 },
        ],
      },
    });
    expect((await repo().findById(order.id))?.lang).toBe('ru');
  });

  test('an order from a client that sends no language is English', async () => {
    const order = await paidOrder(repo());
    expect((await repo().outbox.list({ orderId: order.id }))[0]?.lang).toBe('en');
  });

  test('the message is rolled back with its change, and the change with its message', async () => {
    const { order } = await repo().createPending(newOrder());
    await storage.exec(REFUSE[backend].on);
    try {
      await expect(repo().markPaid(order.id, 'pi_1', at())).rejects.toThrow(/outbox refused by the test/);
    } finally {
      await storage.exec(REFUSE[backend].off);
    }
    expect(await repo().findById(order.id)).toMatchObject({ status: 'pending', paymentId: null });
    expect(await repo().listEvents(order.id)).toEqual([]);
    expect(await repo().outbox.list({ orderId: order.id })).toEqual([]);
    // Paid later, it gets its confirmation after all.
    expect(await repo().markPaid(order.id, 'pi_1', at())).toBe(true);
    expect((await repo().outbox.list({ orderId: order.id })).map((message) => message.kind)).toEqual(['order-confirmation']);
  });

  test('shipping writes the notice with the tracking link; packing writes nothing', async () => {
    const order = await paidOrder(repo());
    const move = (to: 'packed' | 'shipped', from: 'paid' | 'packed', detail: Record<string, unknown> = {}) =>
      repo().moveStatus(order.id, { from: [from], to, type: to, staff, requestKey: randomUUID(), detail, at: at() });
    await move('packed', 'paid');
    expect((await repo().outbox.list({ orderId: order.id })).map((message) => message.kind)).toEqual(['order-confirmation']);
    const shipment = { carrier: 'dhl', carrierName: 'DHL', trackingNumber: 'JD0123456789', trackingUrl: 'https://www.dhl.com/track?AWB=JD0123456789' };
    await storage.exec(REFUSE[backend].on);
    try {
      await expect(move('shipped', 'packed', { shipment })).rejects.toThrow(/outbox refused/);
    } finally {
      await storage.exec(REFUSE[backend].off);
    }
    expect((await repo().findById(order.id))?.status).toBe('packed');
    expect(await move('shipped', 'packed', { shipment })).not.toBeNull();
    const shipped = (await repo().outbox.list({ orderId: order.id })).filter((message) => message.kind === 'order-shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.data).toMatchObject({
      orderNumber: order.number,
      carrierName: 'DHL',
      trackingNumber: 'JD0123456789',
      trackingUrl: shipment.trackingUrl,
    });
  });

  test('a succeeded refund writes the notice with the amount and lines; a failed one writes nothing', async () => {
    const order = await paidOrder(repo());
    const begin = async (amountCents: number) => {
      const start = await repo().beginRefund(
        order.id,
        randomUUID(),
        () => ({
          kind: 'refund',
          refund: {
            id: randomUUID(),
            orderId: order.id,
            requestKey: 'k',
            requestHash: 'h',
            kind: 'refund',
            amountCents,
            lines: [{ productId: '7', quantity: 1, amountCents }],
            staff,
            createdAt: at(),
          },
        }),
        at(),
      );
      if (start.kind !== 'created') throw new Error(start.kind);
      return start.refund;
    };
    const failed = await begin(4999);
    await repo().finishRefund(failed.id, { failure: 'declined' }, at());
    expect((await repo().outbox.list({ orderId: order.id })).map((message) => message.kind)).toEqual(['order-confirmation']);

    const refund = await begin(4999);
    await repo().finishRefund(refund.id, { stripeRefundId: 're_1' }, at());
    await repo().finishRefund(refund.id, { stripeRefundId: 're_1' }, at());
    const notices = (await repo().outbox.list({ orderId: order.id })).filter((message) => message.kind === 'order-refunded');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.data).toMatchObject({
      amountCents: 4999,
      refundedCents: 4999,
      totalCents: 11248,
      cancelled: false,
      lines: [{ title: 'Brass Desk Lamp', quantity: 1, amountCents: 4999 }],
    });
  });

  /** The earlier tests' messages out of the way: sent. */
  async function drain() {
    for (const message of await repo().outbox.claimDue('drain', at(3_600_000), at(3_600_000), 1000, 100)) {
      await repo().outbox.markSent(message.id, 'drain', at());
    }
  }

  test('leases: two workers never hold the same message; a lease that ran out falls due again', async () => {
    await drain();
    const now = at(60_000);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const message = passwordResetMessage(`p${i}@example.com`, 'en', 'http://shop/reset', at());
      await repo().outbox.enqueue(message);
      ids.push(message.id);
    }
    const other = await storage.reopen();
    const [a, b] = await Promise.all([repo().outbox.claimDue('a', now, at(120_000), 4, 5), other.outbox.claimDue('b', now, at(120_000), 4, 5)]);
    const claimed = [...a, ...b].map((message) => message.id).filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    // Nothing due while the leases hold; once they run out, the messages come back with an attempt counted.
    expect(await repo().outbox.claimDue('c', now, at(180_000), 10, 5)).toEqual([]);
    const again = await repo().outbox.claimDue('c', at(121_000), at(300_000), 10, 5);
    expect(again.map((message) => message.id).sort()).toEqual([...ids].sort());
    expect(again.every((message) => message.attempts === 2 && message.claimedBy === 'c')).toBe(true);
    // The first worker's late answer does not count: the lease is not its own any more.
    expect(await repo().outbox.markSent(ids[0]!, 'a', at())).toBe(false);
    expect(await repo().outbox.markSent(ids[0]!, 'c', at())).toBe(true);
    expect(await repo().outbox.markSent(ids[0]!, 'c', at())).toBe(false);
    for (const id of ids.slice(1)) await repo().outbox.markSent(id, 'c', at());
  });

  test('a failed attempt is queued again; after the last one it is failed, visible and can be queued again', async () => {
    await drain();
    const message = passwordResetMessage('q@example.com', 'ru', 'http://shop/reset', at());
    await repo().outbox.enqueue(message);
    const [first] = await repo().outbox.claimDue('w', at(1000), at(10_000), 1, 2);
    expect(first?.id).toBe(message.id);
    expect(await repo().outbox.markAttemptFailed(message.id, 'w', 'connect ECONNREFUSED', at(20_000))).toBe(true);
    expect(await repo().outbox.claimDue('w', at(10_000), at(30_000), 1, 2)).toEqual([]);
    const [second] = await repo().outbox.claimDue('w', at(21_000), at(30_000), 1, 2);
    expect(second).toMatchObject({ id: message.id, attempts: 2, lastError: 'connect ECONNREFUSED' });
    // The worker dies on its last attempt: the lease runs out and the message is failed, not retried.
    expect(await repo().outbox.claimDue('w', at(31_000), at(40_000), 1, 2)).toEqual([]);
    expect((await repo().outbox.failExpired(at(31_000), 2)).map((failed) => failed.id)).toEqual([message.id]);
    expect((await repo().outbox.list({ state: 'failed' })).map((failed) => failed.id)).toContain(message.id);
    expect(await repo().outbox.requeueFailed(at(), [message.id])).toBe(1);
    expect((await repo().outbox.list({ state: 'queued' })).find((queued) => queued.id === message.id)).toMatchObject({ attempts: 0 });
  });
});
