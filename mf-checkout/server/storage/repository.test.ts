import { randomUUID } from 'node:crypto';
import type { NewOrder } from '../orders/model.ts';
import { backends, billing, openTestRepository, type TestStorage } from '../testing/harness.ts';

const at = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    id: randomUUID(),
    idempotencyKey: randomUUID(),
    requestHash: 'h',
    uid: null,
    email: 'ada@example.com',
    billing: billing({ company: 'Analytical Engines Ltd' }),
    currency: 'usd',
    coupon: null,
    createdAt: at(),
    ...overrides,
  };
}

describe.each(backends)('order repository on %s', (backend) => {
  let storage: TestStorage;
  const repo = () => storage.repository;

  beforeAll(async () => {
    storage = await openTestRepository(backend);
  });
  afterAll(async () => {
    await storage.cleanup();
  });

  test('creates pending orders with increasing numbers and keeps billing as given', async () => {
    const first = await repo().createPending(newOrder());
    const second = await repo().createPending(newOrder());
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({ status: 'pending', stockSettled: false, chargeStartedAt: null, lines: [] });
    expect(first.order.billing.company).toBe('Analytical Engines Ltd');
    expect(second.order.number).toBeGreaterThan(first.order.number);
    expect(first.order.number).toBeGreaterThanOrEqual(1001);
  });

  test('one order per idempotency key, also under concurrent inserts', async () => {
    const idempotencyKey = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => repo().createPending(newOrder({ idempotencyKey }))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
  });

  test('state changes are compare-and-set', async () => {
    const { order } = await repo().createPending(newOrder());
    const lines = [{ productId: '7', title: 'Lamp', unitCents: 250, quantity: 2, lineCents: 500 }];
    await repo().recordPricing(order.id, lines, { subtotalCents: 500, discountCents: 50, totalCents: 450 }, at());
    expect(await repo().findById(order.id)).toMatchObject({ totalCents: 450, discountCents: 50, lines });

    const started = await Promise.all([repo().markChargeStarted(order.id, 'tok_visa', at()), repo().markChargeStarted(order.id, 'tok_visa', at())]);
    expect(started.sort()).toEqual([false, true]);
    expect(await repo().markFailed(order.id, { code: 'interrupted', message: 'm' }, at(), { onlyIfNotCharged: true })).toBe(false);
    expect(await repo().markPaid(order.id, 'ch_1', at())).toBe(true);
    expect(await repo().markPaid(order.id, 'ch_2', at())).toBe(false);
    expect(await repo().markFailed(order.id, { code: 'card_declined', message: 'm' }, at())).toBe(false);
    expect(await repo().findById(order.id)).toMatchObject({ status: 'paid', paymentId: 'ch_1', paymentSource: 'tok_visa' });
  });

  test('a charge that succeeded wins over an earlier failure', async () => {
    const { order } = await repo().createPending(newOrder());
    await repo().markFailed(order.id, { code: 'payment_not_completed', message: 'm' }, at());
    expect(await repo().markPaid(order.id, 'ch_late', at())).toBe(true);
    expect(await repo().findById(order.id)).toMatchObject({ status: 'paid', failureCode: null, stockSettled: false });
  });

  test('lists: by shopper newest first, stale pending, unsettled final', async () => {
    const uid = `u-${randomUUID()}`;
    const older = await repo().createPending(newOrder({ uid, createdAt: at(-60_000) }));
    const newer = await repo().createPending(newOrder({ uid }));
    await repo().createPending(newOrder({ uid: 'someone-else' }));
    expect((await repo().listByUid(uid, 10)).map((o) => o.id)).toEqual([newer.order.id, older.order.id]);
    expect((await repo().listByUid(uid, 1)).map((o) => o.id)).toEqual([newer.order.id]);

    const stale = (await repo().listPendingCreatedBefore(at(-30_000))).map((o) => o.id);
    expect(stale).toContain(older.order.id);
    expect(stale).not.toContain(newer.order.id);

    await repo().markFailed(older.order.id, { code: 'x', message: 'x' }, at(-10_000));
    expect((await repo().listUnsettledUpdatedBefore(at())).map((o) => o.id)).toContain(older.order.id);
    await repo().markStockSettled(older.order.id, at());
    expect((await repo().listUnsettledUpdatedBefore(at(1000))).map((o) => o.id)).not.toContain(older.order.id);
  });

  test('each status change is recorded once, with who made it and when; a change that lost records nothing', async () => {
    const { order } = await repo().createPending(newOrder());
    await repo().markChargeStarted(order.id, 'pi_123', at());
    expect(await repo().listEvents(order.id)).toEqual([]);

    const paidAt = new Date(Date.UTC(2026, 10, 26, 12, 0)).toISOString();
    const paid = await Promise.all([repo().markPaid(order.id, 'pi_123', paidAt), repo().markPaid(order.id, 'pi_123', paidAt)]);
    expect(paid.sort()).toEqual([false, true]);
    expect(await repo().markFailed(order.id, { code: 'card_declined', message: 'm' }, at())).toBe(false);
    expect(await repo().listEvents(order.id)).toEqual([
      {
        id: expect.any(Number),
        orderId: order.id,
        type: 'payment_succeeded',
        fromStatus: 'pending',
        toStatus: 'paid',
        actor: 'pi_123',
        detail: { paymentId: 'pi_123' },
        at: paidAt,
        requestKey: null,
      },
    ]);

    const declined = (await repo().createPending(newOrder())).order;
    expect(await repo().markFailed(declined.id, { code: 'card_declined', message: 'Your card was declined.' }, at())).toBe(true);
    expect(await repo().markPaid(declined.id, 'ch_late', at())).toBe(true);
    const events = await repo().listEvents(declined.id);
    expect(events.map((event) => [event.type, event.fromStatus, event.toStatus, event.actor])).toEqual([
      ['payment_failed', 'pending', 'failed', 'system'],
      ['payment_succeeded', 'failed', 'paid', 'system'],
    ]);
    expect(events[0]!.detail).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
  });
});
