import { randomUUID } from 'node:crypto';
import { backends, billing, openTestRepository, type TestStorage } from '../testing/harness.ts';
import { fillHours, hourWindow, staffFigures } from './figures.ts';

const NOW = new Date('2026-11-27T05:20:00.000Z');
const HOUR = 3_600_000;
const hoursAgo = (hours: number, minutes = 10) => new Date(Date.parse('2026-11-27T05:00:00.000Z') - hours * HOUR + minutes * 60_000).toISOString();

test('the window ends with the current hour and starts on the hour', () => {
  const window = hourWindow(3, NOW);
  expect(window).toEqual({
    from: '2026-11-27T03:00:00.000Z',
    to: '2026-11-27T06:00:00.000Z',
    starts: ['2026-11-27T03:00:00.000Z', '2026-11-27T04:00:00.000Z', '2026-11-27T05:00:00.000Z'],
  });
});

test('hours without orders are zeros; hours outside the window are dropped', () => {
  const starts = hourWindow(2, NOW).starts;
  const rows = [
    { hour: '2026-11-27T05:00:00.000Z', orders: 2, revenueCents: 900, paymentFailures: 1 },
    { hour: '2026-11-26T05:00:00.000Z', orders: 7, revenueCents: 1, paymentFailures: 0 },
  ];
  expect(fillHours(starts, rows)).toEqual([
    { start: '2026-11-27T04:00:00.000Z', orders: 0, revenueCents: 0, paymentFailures: 0 },
    { start: '2026-11-27T05:00:00.000Z', orders: 2, revenueCents: 900, paymentFailures: 1 },
  ]);
});

test.each([{ hours: '0' }, { hours: '169' }, { hours: 'x' }, { hours: '24', other: '1' }])('refuses the query %j', async (query) => {
  const repository = { figuresByHour: jest.fn() };
  await expect(staffFigures(repository, query, NOW)).rejects.toMatchObject({ statusCode: 400 });
  expect(repository.figuresByHour).not.toHaveBeenCalled();
});

describe.each(backends)('figures per hour on %s', (backend) => {
  let storage: TestStorage;
  const repo = () => storage.repository;

  async function order(createdAt: string, end: 'paid' | 'failed' | 'out_of_stock' | 'pending' | 'refunded', totalCents = 1000): Promise<void> {
    const { order: created } = await repo().createPending({
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      requestHash: 'h',
      uid: null,
      email: 'ada@example.com',
      billing: billing(),
      currency: 'usd',
      coupon: null,
      createdAt,
    });
    const lines = [{ productId: '7', title: 'Lamp', unitCents: totalCents, quantity: 1, lineCents: totalCents }];
    await repo().recordPricing(created.id, lines, { subtotalCents: totalCents, discountCents: 0, totalCents }, createdAt);
    if (end === 'failed') await repo().markFailed(created.id, { code: 'card_declined', message: 'declined' }, createdAt);
    if (end === 'out_of_stock') await repo().markFailed(created.id, { code: 'out_of_stock', message: 'none left' }, createdAt);
    if (end === 'paid' || end === 'refunded') await repo().markPaid(created.id, `ch_${created.id}`, createdAt);
    if (end === 'refunded') await storage.exec(`UPDATE orders SET status = 'refunded' WHERE id = '${created.id}'`);
  }

  beforeAll(async () => {
    storage = await openTestRepository(backend);
    await order(hoursAgo(0, 5), 'paid', 1250);
    await order(hoursAgo(0, 15), 'paid', 750);
    await order(hoursAgo(0, 19), 'failed');
    await order(hoursAgo(0, 18), 'pending');
    await order(hoursAgo(0, 17), 'out_of_stock'); // failed before any payment was asked for
    await order(hoursAgo(2, 59), 'refunded', 4000);
    await order(hoursAgo(2, 0), 'failed');
    await order(hoursAgo(24), 'paid', 99_999); // the hour before the window
  });
  afterAll(async () => {
    await storage.cleanup();
  });

  test('paid orders and their revenue, failed payments, per hour of creation; every hour present', async () => {
    const answer = await staffFigures(repo(), { hours: '24' }, NOW);
    expect(answer.currency).toBe('usd');
    expect(answer.hours).toHaveLength(24);
    expect(answer.hours[0]!.start).toBe('2026-11-26T06:00:00.000Z');
    expect(answer.hours.at(-1)).toEqual({ start: '2026-11-27T05:00:00.000Z', orders: 2, revenueCents: 2000, paymentFailures: 1 });
    expect(answer.hours.at(-3)).toEqual({ start: '2026-11-27T03:00:00.000Z', orders: 1, revenueCents: 4000, paymentFailures: 1 });
    const others = answer.hours.slice(0, -3).concat(answer.hours.at(-2)!);
    expect(others.every((hour) => hour.orders === 0 && hour.revenueCents === 0 && hour.paymentFailures === 0)).toBe(true);
  });

  test('the default is the last 24 hours; a wider window reaches the older order', async () => {
    expect((await staffFigures(repo(), {}, NOW)).hours).toHaveLength(24);
    const wider = await staffFigures(repo(), { hours: '25' }, NOW);
    expect(wider.hours[0]).toEqual({ start: '2026-11-26T05:00:00.000Z', orders: 1, revenueCents: 99_999, paymentFailures: 0 });
  });
});
