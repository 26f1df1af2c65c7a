import type { CartItem } from 'shared-events';
import { checkCoupon, COUPON_ENDPOINT, couponRequest, readCouponAnswer } from './couponClient.ts';

const items: CartItem[] = [
  { id: 7, title: 'Desk Lamp', price: 24.5, thumbnail: '', stock: 9, brand: 'Lumen', discountPercentage: 0, qun: 2, extra: 'kept' },
  { id: 12, title: 'Tote', price: 10, thumbnail: '', stock: 3, brand: 'Northwind', discountPercentage: 5, qun: 1 },
];

function answer(status: number, body: unknown): typeof fetch {
  const json = async () => (typeof body === 'string' ? JSON.parse(body) : body);
  return jest.fn(async () => ({ status, ok: status < 300, json }) as unknown as Response);
}

describe('couponRequest', () => {
  it('sends the trimmed, upper-cased code and only ids and quantities', () => {
    expect(couponRequest('  save10 ', items)).toEqual({
      code: 'SAVE10',
      lines: [
        { id: 7, qun: 2 },
        { id: 12, qun: 1 },
      ],
    });
  });
});

describe('readCouponAnswer', () => {
  it('accepts a valid coupon with its discount and message', () => {
    expect(readCouponAnswer(200, { valid: true, code: 'SAVE10', discountCents: 590, message: 'SAVE10 applied', subtotalCents: 5900 }, 'save10')).toEqual({
      kind: 'accepted',
      code: 'SAVE10',
      discountCents: 590,
      subtotalCents: 5900,
      message: 'SAVE10 applied',
    });
  });

  it('rejects an invalid coupon with the service message', () => {
    expect(readCouponAnswer(200, { valid: false, code: 'NOPE', discountCents: 0, message: 'Coupon code "NOPE" is not valid' }, 'nope')).toEqual({
      kind: 'rejected',
      code: 'NOPE',
      message: 'Coupon code "NOPE" is not valid',
    });
  });

  it('reports a 4xx with a message as a failure to show, with its status', () => {
    expect(readCouponAnswer(400, { message: 'Invalid coupon request: lines.0.qun: quantity must be at most 99' }, 'x')).toEqual({
      kind: 'failed',
      status: 400,
      message: 'Invalid coupon request: lines.0.qun: quantity must be at most 99',
    });
  });

  it('treats 5xx, gateway errors and unreadable bodies as the service being unavailable', () => {
    expect(readCouponAnswer(500, { statusCode: 500, message: 'connect ECONNREFUSED 127.0.0.1:3102' }, 'x')).toEqual({ kind: 'unavailable' });
    expect(readCouponAnswer(503, { message: 'Our catalogue is unavailable right now' }, 'x')).toEqual({ kind: 'unavailable' });
    expect(readCouponAnswer(200, '<html>', 'x')).toEqual({ kind: 'unavailable' });
    expect(readCouponAnswer(404, null, 'x')).toEqual({ kind: 'unavailable' });
  });

  it('never trusts a strange discount', () => {
    const outcome = readCouponAnswer(200, { valid: true, discountCents: -40 }, 'save10');
    expect(outcome).toEqual({ kind: 'accepted', code: 'SAVE10', discountCents: 0, subtotalCents: null, message: '' });
  });
});

describe('checkCoupon', () => {
  it('posts JSON to the checkout service', async () => {
    const fetchMock = answer(200, { valid: true, code: 'SAVE10', discountCents: 590, message: 'ok' });
    await expect(checkCoupon('save10', items, { fetch: fetchMock })).resolves.toMatchObject({ kind: 'accepted', discountCents: 590 });
    const [url, init] = (fetchMock as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe(COUPON_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      code: 'SAVE10',
      lines: [
        { id: 7, qun: 2 },
        { id: 12, qun: 1 },
      ],
    });
  });

  it('says unavailable when the network fails', async () => {
    const fetchMock = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(checkCoupon('save10', items, { fetch: fetchMock })).resolves.toEqual({ kind: 'unavailable' });
  });

  it('says unavailable when the answer is not JSON', async () => {
    await expect(checkCoupon('save10', items, { fetch: answer(502, 'Bad gateway') })).resolves.toEqual({ kind: 'unavailable' });
  });

  it('gives up after its timeout, and when the caller aborts', async () => {
    const never = jest.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ) as unknown as typeof fetch;
    await expect(checkCoupon('save10', items, { fetch: never, timeoutMs: 10 })).resolves.toEqual({ kind: 'unavailable' });
    const controller = new AbortController();
    const pending = checkCoupon('save10', items, { fetch: never, signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toEqual({ kind: 'unavailable' });
  });
});
