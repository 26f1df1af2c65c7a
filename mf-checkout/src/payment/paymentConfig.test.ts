import { PaymentConfigError, loadPaymentMode, paymentModeFrom } from './paymentConfig.ts';

describe('payment mode', () => {
  it('is the local test mode without a publishable key (the offline default)', () => {
    expect(paymentModeFrom({ firebase: {} })).toEqual({ kind: 'test' });
    expect(paymentModeFrom({ stripePublishableKey: '' })).toEqual({ kind: 'test' });
    expect(paymentModeFrom(null)).toEqual({ kind: 'test' });
  });

  it('is Stripe Elements with a publishable key', () => {
    expect(paymentModeFrom({ stripePublishableKey: 'pk_test_51AbcDEF0123456789' })).toEqual({
      kind: 'stripe',
      publishableKey: 'pk_test_51AbcDEF0123456789',
    });
  });

  it('refuses a key that is not a publishable key rather than falling back to test mode', () => {
    expect(() => paymentModeFrom({ stripePublishableKey: 'sk_live_secret' })).toThrow(PaymentConfigError);
    expect(() => paymentModeFrom({ stripePublishableKey: 42 })).toThrow(PaymentConfigError);
  });

  it('reads /app-config.json', async () => {
    const fetchImpl = jest.fn(async () => new Response(JSON.stringify({ stripePublishableKey: 'pk_live_0123456789abcdef' }))) as unknown as typeof fetch;
    expect(await loadPaymentMode(fetchImpl)).toEqual({ kind: 'stripe', publishableKey: 'pk_live_0123456789abcdef' });
    expect((fetchImpl as jest.Mock).mock.calls[0][0]).toBe('/app-config.json');
    const failing = jest.fn(async () => new Response('nope', { status: 500 })) as unknown as typeof fetch;
    await expect(loadPaymentMode(failing)).rejects.toThrow(PaymentConfigError);
  });
});
