import { checkCoupon, clearStoredCoupon, readStoredCoupon } from './coupon.ts';

const storage = (value: string | null) => ({ getItem: () => value });

describe('readStoredCoupon', () => {
  it('reads a bare code, a JSON string or a {code} object', () => {
    expect(readStoredCoupon(storage('save10'))).toBe('SAVE10');
    expect(readStoredCoupon(storage('"WELCOME5"'))).toBe('WELCOME5');
    expect(readStoredCoupon(storage('{"code":" save10 ","discountCents":400}'))).toBe('SAVE10');
  });

  it('ignores nothing, junk and unreadable storage', () => {
    expect(readStoredCoupon(storage(null))).toBeUndefined();
    expect(readStoredCoupon(storage(''))).toBeUndefined();
    expect(readStoredCoupon(storage('{"nope":1}'))).toBeUndefined();
    expect(readStoredCoupon(storage('<script>'))).toBeUndefined();
    expect(readStoredCoupon(storage('X'.repeat(40)))).toBeUndefined();
    expect(readStoredCoupon(undefined)).toBeUndefined();
    expect(
      readStoredCoupon({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBeUndefined();
  });

  it('clears the coupon, quietly when storage is blocked', () => {
    const removeItem = jest.fn();
    clearStoredCoupon({ removeItem });
    expect(removeItem).toHaveBeenCalledWith('coupon');
    expect(() =>
      clearStoredCoupon({
        removeItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).not.toThrow();
  });
});

describe('checkCoupon', () => {
  const lines = [{ id: 1, qun: 2 }];
  const respond = (status: number, body: unknown) =>
    jest.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('asks the checkout service with the cart lines', async () => {
    const fetchImpl = respond(200, { valid: true, code: 'SAVE10', discountCents: 1359, message: 'SAVE10 applied', subtotalCents: 13598 });
    expect(await checkCoupon('SAVE10', lines, fetchImpl)).toEqual({
      status: 'applied',
      code: 'SAVE10',
      discountCents: 1359,
      serverSubtotalCents: 13598,
      message: 'SAVE10 applied',
    });
    const [url, init] = (fetchImpl as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/checkout/coupons/validate');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'SAVE10', lines });
  });

  it('reports a refused code with the service’s reason', async () => {
    const fetchImpl = respond(200, { valid: false, code: 'WELCOME5', discountCents: 0, message: 'WELCOME5 needs a subtotal of at least $25.00', subtotalCents: 1349 });
    expect(await checkCoupon('WELCOME5', lines, fetchImpl)).toEqual({
      status: 'rejected',
      code: 'WELCOME5',
      message: 'WELCOME5 needs a subtotal of at least $25.00',
    });
    expect(await checkCoupon('X', lines, respond(404, { message: "Product with id '1' not found" }))).toMatchObject({ status: 'rejected' });
  });

  it('says "could not check" when the service is down', async () => {
    expect(await checkCoupon('SAVE10', lines, respond(503, { message: 'down' }))).toEqual({ status: 'unavailable', code: 'SAVE10' });
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await checkCoupon('SAVE10', lines, offline)).toEqual({ status: 'unavailable', code: 'SAVE10' });
  });
});
