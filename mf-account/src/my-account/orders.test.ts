import type { SyncOutcome } from '../auth/tokenSync.ts';
import { loadOrders, ORDERS_PATH, parseOrders } from './orders.ts';

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
        currency: 'usd',
        lines: [{ title: 'Oak Side Table', quantity: 1 }],
      },
    ]);
    expect(parseOrders({})).toBeNull();
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
