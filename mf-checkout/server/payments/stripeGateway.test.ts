import { createStripeGateway } from './stripeGateway.ts';
import { startStripeMock } from '../../../stand-ins/stripe/testing/stripeMock.ts';

jest.setTimeout(20_000);

describe("the checkout's Stripe gateway on the local Stripe of the Charges flow", () => {
  test('charges once per order, finds the charge again, and reports a refused card', async () => {
    const mock = await startStripeMock();
    try {
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const gateway = createStripeGateway({ secretKey: undefined, mockUrl: mock.url });
      const charge = {
        orderId: 'order-1',
        orderNumber: 1001,
        amountCents: 1234,
        currency: 'usd',
        source: 'tok_visa',
        description: 'Storefront order #1001',
        receiptEmail: 'ada@example.com',
      };
      const first = await gateway.charge(charge);
      expect(first).toMatchObject({ outcome: 'succeeded', paymentId: expect.stringMatching(/^ch_/) });
      expect(await gateway.charge(charge)).toEqual(first);
      expect(await gateway.findCharge('order-1', new Date().toISOString())).toEqual(first);
      expect(await gateway.findCharge('order-2', new Date().toISOString())).toEqual({ outcome: 'none' });
      expect(await gateway.charge({ ...charge, orderId: 'order-3', source: 'tok_chargeDeclinedExpiredCard' })).toEqual({
        outcome: 'refused',
        code: 'expired_card',
        message: 'Your card has expired.',
      });
    } finally {
      await mock.stop();
    }
    await expect(fetch(mock.url)).rejects.toThrow();
  });

  test('a payment service that cannot be reached is reported as not charged', async () => {
    const gateway = createStripeGateway({ secretKey: undefined, mockUrl: 'http://127.0.0.1:9', retryDelayMs: 1 });
    const result = await gateway.charge({
      orderId: 'o',
      orderNumber: 1,
      amountCents: 100,
      currency: 'usd',
      source: 'tok_visa',
      description: 'd',
      receiptEmail: 'a@b.co',
    });
    expect(result).toMatchObject({ outcome: 'unavailable', maybeCharged: false });
  });
});
