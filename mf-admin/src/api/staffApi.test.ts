/**
 * @jest-environment node
 */
import { moveAnswerExample, orderDetailExample, orderSummaryExample } from 'orders-api/testing';
import { UnexpectedAnswerError } from './parse.ts';
import { createStaffApi, StaffApiError } from './staffApi.ts';

const listItem = orderSummaryExample;
const detail = orderDetailExample;

interface Call {
  url: string;
  init: RequestInit;
}

function fakeShop(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  const fetch = (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
  };
  const tokens: boolean[] = [];
  const api = createStaffApi({
    fetch,
    token: (fresh) => {
      tokens.push(fresh);
      return Promise.resolve(fresh ? 'fresh-token' : 'cached-token');
    },
  });
  const header = (call: Call, name: string) => (call.init.headers as Record<string, string>)[name];
  return { api, calls, tokens, header };
}

describe('the staff API client', () => {
  it('asks for a page of orders with the ID token and reads the list and the next cursor', async () => {
    const shop = fakeShop([{ status: 200, body: { orders: [listItem], nextCursor: 'abc' } }]);
    const page = await shop.api.listOrders(new URLSearchParams('status=paid&limit=25'));
    expect(page).toEqual({
      orders: [expect.objectContaining({ number: 1042, status: 'shipped', payment: 'partially_refunded', totalCents: 3000 })],
      nextCursor: 'abc',
    });
    expect(shop.calls[0]!.url).toBe('/api/checkout/staff/orders?status=paid&limit=25');
    expect(shop.header(shop.calls[0]!, 'authorization')).toBe('Bearer cached-token');
  });

  it('reads an order with its lines, payment record and timeline', async () => {
    const shop = fakeShop([{ status: 200, body: detail }]);
    const order = await shop.api.order(listItem.id);
    expect(order.lines[1]).toMatchObject({ title: 'Brass Desk Lamp', refundedQuantity: 1 });
    expect(order.timeline[0]).toMatchObject({ type: 'payment_succeeded', by: { actor: 'pi_3Nexample' } });
    expect(order.paymentRecord.id).toBe('pi_3Nexample');
  });

  it('refuses an answer it does not understand with one clear error', async () => {
    const shop = fakeShop([
      { status: 200, body: { orders: [{ ...listItem, status: 'teleported' }], nextCursor: null } },
      { status: 200, body: { ...detail, lines: 'none' } },
    ]);
    await expect(shop.api.listOrders(new URLSearchParams())).rejects.toThrow(UnexpectedAnswerError);
    await expect(shop.api.order(listItem.id)).rejects.toThrow('(lines: ');
  });

  it("sends an action with the intended action's Idempotency-Key and its body", async () => {
    const shop = fakeShop([{ status: 200, body: moveAnswerExample }]);
    await expect(shop.api.act(listItem.id, 'ship', 'key-12345678', { carrier: 'dhl', trackingNumber: 'JD0123456' })).resolves.toMatchObject({
      status: 'shipped',
    });
    const call = shop.calls[0]!;
    expect([call.url, call.init.method, shop.header(call, 'idempotency-key'), call.init.body]).toEqual([
      `/api/checkout/staff/orders/${listItem.id}/ship`,
      'POST',
      'key-12345678',
      '{"carrier":"dhl","trackingNumber":"JD0123456"}',
    ]);
  });

  it("turns the server's refusal into its message, marked as a refusal rather than a failure", async () => {
    const shop = fakeShop([
      { status: 409, body: { message: 'Order 42 is packed: it can be marked packed only when paid' } },
      { status: 503, body: { message: 'Stripe is unavailable' } },
    ]);
    const refusal = await shop.api.act(listItem.id, 'pack', 'key-12345678').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StaffApiError);
    expect(refusal).toMatchObject({ status: 409, message: 'Order 42 is packed: it can be marked packed only when paid', refused: true });
    await expect(shop.api.act(listItem.id, 'refund', 'key-12345678')).rejects.toMatchObject({ status: 503, refused: false });
  });

  it('retries once with a fresh token when the one it had has expired', async () => {
    const shop = fakeShop([
      { status: 401, body: { message: 'expired' } },
      { status: 200, body: { orders: [], nextCursor: null } },
    ]);
    await expect(shop.api.listOrders(new URLSearchParams())).resolves.toEqual({ orders: [], nextCursor: null });
    expect(shop.tokens).toEqual([false, true]);
  });
});
