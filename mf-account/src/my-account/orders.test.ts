import type { SyncOutcome } from '../auth/tokenSync.ts';
import { loadOrders, ORDERS_PATH, parseOrders, parseTimeline } from './orders.ts';

const order = {
  id: 'o1',
  number: 1042,
  status: 'paid',
  createdAt: '2026-01-02T10:00:00.000Z',
  totalCents: 4599,
  currency: 'usd',
  lines: [{ productId: '3', title: 'Oak Side Table', unitCents: 4599, quantity: 1, lineCents: 4599 }],
};
const synced: SyncOutcome = { ok: true, session: { uid: 'u1', email: null, expiresAt: Date.now() + 60_000 * 30 } };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('parseOrders', () => {
  it('keeps what the list needs and drops malformed entries', () => {
    expect(parseOrders({ orders: [order, { id: 5 }, null] })).toEqual([
      {
        id: 'o1',
        number: 1042,
        status: 'paid',
        createdAt: order.createdAt,
        totalCents: 4599,
        refundedCents: 0,
        currency: 'usd',
        lines: [{ title: 'Oak Side Table', quantity: 1 }],
        timeline: [],
      },
    ]);
    expect(parseOrders({})).toBeNull();
  });

  it('keeps the refunded amount and the timeline the service sends', () => {
    const [parsed] =
      parseOrders({
        orders: [{ ...order, status: 'shipped', refundedCents: 1000, timeline: [{ type: 'payment_succeeded', status: 'paid', at: order.createdAt }] }],
      }) ?? [];
    expect(parsed).toMatchObject({ status: 'shipped', refundedCents: 1000, timeline: [{ type: 'payment_succeeded', at: order.createdAt }] });
  });
});

describe('parseTimeline', () => {
  const at = '2026-01-03T09:30:00.000Z';
  const shipment = { carrier: 'dhl', carrierName: 'DHL', trackingNumber: 'JD0123456789', trackingUrl: 'https://www.dhl.com/track?AWB=JD0123456789' };

  it('reads every step a shopper is told about, with the parcel and the refund', () => {
    expect(
      parseTimeline([
        { type: 'payment_succeeded', status: 'paid', at },
        { type: 'packed', status: 'packed', at },
        { type: 'shipped', status: 'shipped', at, shipment },
        { type: 'delivered', status: 'delivered', at },
        { type: 'refund_succeeded', status: 'delivered', at, amountCents: 1250, lines: [] },
        { type: 'cancelled', status: 'cancelled', at },
        { type: 'payment_failed', status: 'failed', at },
      ]),
    ).toEqual([
      { type: 'payment_succeeded', at },
      { type: 'packed', at },
      { type: 'shipped', at, shipment: { carrierName: 'DHL', trackingNumber: 'JD0123456789', trackingUrl: shipment.trackingUrl } },
      { type: 'delivered', at },
      { type: 'refund_succeeded', at, amountCents: 1250 },
      { type: 'cancelled', at },
      { type: 'payment_failed', at },
    ]);
  });

  it('leaves out what it does not know or cannot show, never a script link', () => {
    expect(parseTimeline(null)).toEqual([]);
    expect(
      parseTimeline([
        { type: 'returned_to_sender', at },
        { type: 'packed', at: 'yesterday' },
        { type: 'refund_succeeded', at },
        null,
        { type: 'shipped', at, shipment: { ...shipment, trackingUrl: 'javascript:alert(1)' } },
      ]),
    ).toEqual([{ type: 'shipped', at }]);
  });
});

describe('loadOrders', () => {
  it('syncs the session, then lists the orders', async () => {
    const ensureSession = jest.fn(async () => synced);
    const fetch = jest.fn(async () => json(200, { orders: [order] }));
    const result = await loadOrders({ ensureSession, fetch });
    expect(result).toMatchObject({ kind: 'ok', orders: [{ number: 1042 }] });
    expect(fetch).toHaveBeenCalledWith(ORDERS_PATH, expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('re-syncs once on a 401 (an expired or missing cookie), then gives up as signed out', async () => {
    const ensureSession = jest.fn(async () => synced);
    const answers = [json(401, {}), json(200, { orders: [] })];
    const result = await loadOrders({ ensureSession, fetch: async () => answers.shift() ?? json(401, {}) });
    expect(result).toEqual({ kind: 'ok', orders: [] });
    expect(ensureSession).toHaveBeenLastCalledWith({ force: true });
    expect(await loadOrders({ ensureSession, fetch: async () => json(401, {}) })).toEqual({ kind: 'signed-out' });
  });

  it('says why there is nothing to show', async () => {
    const fetch = jest.fn();
    expect(await loadOrders({ ensureSession: async () => ({ ok: false, reason: 'skipped' }), fetch })).toEqual({ kind: 'unsupported' });
    expect(await loadOrders({ ensureSession: async () => ({ ok: false, reason: 'unreachable' }), fetch })).toEqual({ kind: 'error' });
    expect(await loadOrders({ ensureSession: async () => ({ ok: false, reason: 'signed-out' }), fetch })).toEqual({ kind: 'signed-out' });
    expect(fetch).not.toHaveBeenCalled();
    expect(await loadOrders({ ensureSession: async () => synced, fetch: async () => json(503, {}) })).toEqual({ kind: 'error' });
    expect(await loadOrders({ ensureSession: async () => synced, fetch: () => Promise.reject(new TypeError('offline')) })).toEqual({ kind: 'error' });
  });
});
