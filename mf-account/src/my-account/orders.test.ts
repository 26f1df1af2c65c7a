import { shopperOrderExample, shopperOrderListExample } from 'orders-api/testing';
import type { SyncOutcome } from '../auth/tokenSync.ts';
import { loadOrders, ORDERS_PATH } from './orders.ts';

const order = shopperOrderExample;
const synced: SyncOutcome = { ok: true, session: { uid: 'u1', email: null, expiresAt: Date.now() + 60_000 * 30 } };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const listed = (body: unknown) => loadOrders({ ensureSession: async () => synced, fetch: async () => json(200, body) });

describe("the service's answer, read through the orders API's contract", () => {
  it('keeps the orders with their lines, refunds and timeline as the service sends them', async () => {
    const result = await listed(shopperOrderListExample);
    expect(result).toEqual({ kind: 'ok', orders: [order] });
    const [read] = result.kind === 'ok' ? result.orders : [];
    expect(read?.timeline.map((entry) => entry.type)).toEqual(['payment_succeeded', 'packed', 'shipped', 'refund_succeeded']);
    expect(read?.timeline[2]?.shipment).toMatchObject({ carrierName: 'DHL', trackingNumber: 'JD0123456789' });
  });

  it('leaves out of a timeline what it does not know or cannot show, never a script link', async () => {
    const [paid, packed, shipped] = order.timeline;
    const scripted = { ...shipped!, shipment: { ...shipped!.shipment!, trackingUrl: 'javascript:alert(1)' } };
    const later = { type: 'returned_to_sender', status: 'shipped', at: paid!.at };
    const result = await listed({ orders: [{ ...order, timeline: [paid, later, packed, scripted, null] }] });
    expect(result.kind === 'ok' && result.orders[0]?.timeline).toEqual([paid, packed]);
  });

  it('shows an answer the contract does not describe as an error, not as a wrong or empty list', async () => {
    expect(await listed({ orders: [{ ...order, totalCents: 'lots' }] })).toEqual({ kind: 'error' });
    expect(await listed({ orders: [{ ...order, status: 'teleported' }] })).toEqual({ kind: 'error' });
    expect(await listed({})).toEqual({ kind: 'error' });
  });
});

describe('loadOrders', () => {
  it('syncs the session, then lists the orders', async () => {
    const ensureSession = jest.fn(async () => synced);
    const fetch = jest.fn(async () => json(200, shopperOrderListExample));
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
