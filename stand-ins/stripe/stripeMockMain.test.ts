// The local Stripe of the Charges flow (stripeMockMain.ts) through the official `stripe` SDK: it listens
// on a free loopback port, charges a test token once per idempotency key, and a port in use is a clear error.
import Stripe from 'stripe';
import { startStripeMock } from './testing/stripeMock.ts';

jest.setTimeout(20_000);

test('starts on a free loopback port, charges a test token once per idempotency key, and stops', async () => {
  const mock = await startStripeMock();
  try {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: mock.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    const charge = () => stripe.charges.create({ amount: 1234, currency: 'usd', source: 'tok_visa' }, { idempotencyKey: 'order-1' });
    const first = await charge();
    expect(first).toMatchObject({ id: expect.stringMatching(/^ch_/), amount: 1234, paid: true });
    expect((await charge()).id).toBe(first.id);
    await expect(stripe.charges.create({ amount: 100, currency: 'usd', source: 'tok_chargeDeclinedExpiredCard' })).rejects.toMatchObject({
      code: 'expired_card',
    });
  } finally {
    await mock.stop();
  }
  await expect(fetch(mock.url)).rejects.toThrow();
});

test('a port in use is a clear error', async () => {
  const first = await startStripeMock();
  try {
    await expect(startStripeMock({ port: first.port })).rejects.toThrow(/The Stripe mock could not listen on 127\.0\.0\.1:\d+: listen EADDRINUSE/);
  } finally {
    await first.stop();
  }
});
