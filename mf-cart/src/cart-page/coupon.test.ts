import type { CartItem } from 'shared-events';
import { COUPON_ENDPOINT, couponMemory, couponRequest, interpretCouponResponse, validateCoupon } from './coupon.ts';

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
    expect(couponRequest('  save10 ', items)).toEqual({ code: 'SAVE10', lines: [{ id: 7, qun: 2 }, { id: 12, qun: 1 }] });
  });
});

describe('interpretCouponResponse', () => {
  it('accepts a valid coupon with its discount and message', () => {
    expect(interpretCouponResponse(200, { valid: true, code: 'SAVE10', discountCents: 590, message: 'SAVE10 applied', subtotalCents: 5900 }, 'save10')).toEqual({
      kind: 'accepted',
      code: 'SAVE10',
      discountCents: 590,
      message: 'SAVE10 applied',
    });
  });

  it('rejects an invalid coupon with the service message', () => {
    expect(interpretCouponResponse(200, { valid: false, code: 'NOPE', discountCents: 0, message: 'Coupon code "NOPE" is not valid' }, 'nope')).toEqual({
      kind: 'rejected',
      code: 'NOPE',
      message: 'Coupon code "NOPE" is not valid',
    });
  });

  it('reports a 4xx with a message as a failure to show', () => {
    expect(interpretCouponResponse(400, { message: 'Invalid coupon request: lines.0.qun: quantity must be at most 99' }, 'x')).toEqual({
      kind: 'failed',
      message: 'Invalid coupon request: lines.0.qun: quantity must be at most 99',
    });
  });

  it('treats 5xx, gateway errors and unreadable bodies as the service being unavailable', () => {
    expect(interpretCouponResponse(500, { statusCode: 500, message: 'connect ECONNREFUSED 127.0.0.1:3102' }, 'x')).toEqual({ kind: 'unavailable' });
    expect(interpretCouponResponse(503, { message: 'Our catalogue is unavailable right now' }, 'x')).toEqual({ kind: 'unavailable' });
    expect(interpretCouponResponse(200, '<html>', 'x')).toEqual({ kind: 'unavailable' });
    expect(interpretCouponResponse(404, null, 'x')).toEqual({ kind: 'unavailable' });
  });

  it('never trusts a strange discount', () => {
    const outcome = interpretCouponResponse(200, { valid: true, discountCents: -40 }, 'save10');
    expect(outcome).toEqual({ kind: 'accepted', code: 'SAVE10', discountCents: 0, message: '' });
  });
});

describe('validateCoupon', () => {
  it('posts JSON to the checkout service', async () => {
    const fetchMock = answer(200, { valid: true, code: 'SAVE10', discountCents: 590, message: 'ok' });
    await expect(validateCoupon('save10', items, { fetch: fetchMock })).resolves.toMatchObject({ kind: 'accepted', discountCents: 590 });
    const [url, init] = (fetchMock as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe(COUPON_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'SAVE10', lines: [{ id: 7, qun: 2 }, { id: 12, qun: 1 }] });
  });

  it('says unavailable when the network fails', async () => {
    const fetchMock = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(validateCoupon('save10', items, { fetch: fetchMock })).resolves.toEqual({ kind: 'unavailable' });
  });

  it('says unavailable when the answer is not JSON', async () => {
    await expect(validateCoupon('save10', items, { fetch: answer(502, 'Bad gateway') })).resolves.toEqual({ kind: 'unavailable' });
  });
});

describe('couponMemory', () => {
  afterEach(() => sessionStorage.clear());

  it('remembers an accepted code in sessionStorage["coupon"] for the checkout', () => {
    couponMemory.write('SAVE10');
    expect(sessionStorage.getItem('coupon')).toBe('SAVE10');
    expect(couponMemory.read()).toBe('SAVE10');
    couponMemory.clear();
    expect(sessionStorage.getItem('coupon')).toBeNull();
  });

  it('ignores junk in the key', () => {
    sessionStorage.setItem('coupon', 'x'.repeat(500));
    expect(couponMemory.read()).toBeNull();
    sessionStorage.setItem('coupon', '   ');
    expect(couponMemory.read()).toBeNull();
  });
});
