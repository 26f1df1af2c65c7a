import { classifyAnswer, finishPayment, keepsKey, startPayment, type OrderRequest } from './placeOrder.ts';

const request: OrderRequest = {
  email: 'ada@example.com',
  lines: [{ id: 12, qun: 2 }],
  billing: { firstName: 'Ada', email: 'ada@example.com' },
  couponCode: 'SAVE10',
  idempotencyKey: '7f1c7a39-2b7a-4d0e-9c1a-2f4b8e3d9a10',
};

function answer(status: number, body: unknown): typeof fetch {
  return jest.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as unknown as typeof fetch;
}

describe('classifyAnswer', () => {
  it('reads a payment', () => {
    const result = classifyAnswer(200, { email: 'ada@example.com', orderId: 'o-1', orderNumber: 1042, totalCents: 12238, status: 'paid' });
    expect(result).toEqual({ kind: 'paid', email: 'ada@example.com', orderId: 'o-1', orderNumber: 1042, totalCents: 12238 });
    expect(keepsKey(result)).toBe(false);
  });

  it('reads an order waiting for its card, and keeps the key while it waits', () => {
    const result = classifyAnswer(201, { orderId: 'o-1', orderNumber: 7, totalCents: 100, currency: 'usd', clientSecret: 'pi_1_secret_x' });
    expect(result).toEqual({ kind: 'requires_payment', orderId: 'o-1', clientSecret: 'pi_1_secret_x' });
    expect(keepsKey(result)).toBe(true);
  });

  it('treats an unreadable 200 as an unknown outcome', () => {
    const result = classifyAnswer(200, '<html>');
    expect(result).toEqual({ kind: 'unavailable', message: undefined, sameKey: true });
    expect(keepsKey(result)).toBe(true);
  });

  it('passes Stripe’s decline message on (402), final', () => {
    const result = classifyAnswer(402, { message: 'Your card was declined.', code: 'card_declined' });
    expect(result).toEqual({ kind: 'declined', message: 'Your card was declined.', code: 'card_declined' });
    expect(keepsKey(result)).toBe(false);
  });

  it('passes the service’s refusals on, final', () => {
    for (const [status, code] of [
      [409, 'out_of_stock'],
      [404, 'unknown_product'],
      [422, 'coupon_not_applicable'],
      [422, 'idempotency_key_reused'],
      [409, 'interrupted'],
    ] as const) {
      const result = classifyAnswer(status, { message: 'Only 2 left of Dive Watch', code });
      expect(result).toMatchObject({ kind: 'rejected', status, code, message: 'Only 2 left of Dive Watch' });
      expect(keepsKey(result)).toBe(false);
    }
    const invalid = classifyAnswer(400, { message: 'Invalid checkout request', errors: [{ field: 'billing.phone', message: 'x' }] });
    expect(invalid).toMatchObject({ kind: 'rejected', status: 400, errors: [{ field: 'billing.phone', message: 'x' }] });
  });

  it('keeps the key while the service is still settling the order', () => {
    for (const [status, code] of [
      [409, 'in_progress'],
      [503, 'payment_unconfirmed'],
      [202, 'payment_pending'],
    ] as const) {
      const result = classifyAnswer(status, { message: 'Still working', code });
      expect(result).toEqual({ kind: 'pending', message: 'Still working', code });
      expect(keepsKey(result)).toBe(true);
    }
  });

  it('tells a failed-but-not-charged 503 from an unknown one', () => {
    const notCharged = classifyAnswer(503, { message: 'The payment service is unavailable right now. You have not been charged', code: 'payment_unavailable' });
    expect(notCharged).toEqual({ kind: 'unavailable', message: expect.stringContaining('not been charged'), sameKey: false });
    expect(keepsKey(notCharged)).toBe(false);

    for (const [status, body] of [
      [502, 'Bad Gateway'],
      [500, { statusCode: 500, error: 'Internal Server Error', message: 'connect ECONNREFUSED 127.0.0.1:3102' }],
      [503, null],
    ] as const) {
      const result = classifyAnswer(status, body);
      expect(result).toEqual({ kind: 'unavailable', message: undefined, sameKey: true });
      expect(keepsKey(result)).toBe(true);
    }
  });

  it('keeps the key when rate limited (nothing was created)', () => {
    const result = classifyAnswer(429, { message: 'Too many requests; please try again in 2 seconds' });
    expect(result).toEqual({ kind: 'unavailable', message: 'Too many requests; please try again in 2 seconds', sameKey: true });
  });
});

describe('startPayment and finishPayment', () => {
  it('POSTs the order as JSON to /api/checkout/payment-intents, no card in it', async () => {
    const fetchImpl = answer(201, { orderId: 'o-1', orderNumber: 7, totalCents: 100, currency: 'usd', clientSecret: 'pi_1_secret_x' });
    const result = await startPayment(request, fetchImpl);
    expect(result.kind).toBe('requires_payment');
    const [url, init] = (fetchImpl as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/checkout/payment-intents');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual(request);
  });

  it('asks the service to settle the order after Stripe.js returned', async () => {
    const fetchImpl = answer(200, { email: 'ada@example.com', orderId: 'o/1', orderNumber: 7, totalCents: 100, status: 'paid' });
    expect((await finishPayment('o/1', fetchImpl)).kind).toBe('paid');
    const [url, init] = (fetchImpl as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/checkout/orders/o%2F1/payment');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('answers "unknown outcome, same key" when the network fails', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await startPayment(request, fetchImpl)).toEqual({ kind: 'unavailable', message: undefined, sameKey: true });
  });

  it('reads a non-JSON error page', async () => {
    expect(await finishPayment('o-1', answer(504, '<h1>Gateway Timeout</h1>'))).toEqual({
      kind: 'unavailable',
      message: undefined,
      sameKey: true,
    });
  });
});
