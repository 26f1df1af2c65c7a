// Refunds against both Stripes the shop pays through, over real HTTP with the official SDK: a
// PaymentIntent's payment on the project's local Stripe, a Charges API payment on the Charges mock.
// The same refund id asked twice is one refund; more than is left is refused; an unreachable Stripe
// is an outage, not a refusal.
import Stripe from 'stripe';
import { startLocalStripe, type LocalStripe } from '../../../stand-ins/stripe/index.ts';
import { startStripeMock, type StripeMock } from '../../../stand-ins/stripe/testing/stripeMock.ts';
import { PaymentUnavailableError } from './gateway.ts';
import { createRefundGateway, RefundRefusedError, type RefundGateway } from './refunds.ts';

jest.setTimeout(30_000);

const client = (url: string) => {
  const { hostname, port } = new URL(url);
  return new Stripe('sk_test_local', { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
};

let local: LocalStripe;
let mock: StripeMock;
let intents: Stripe;
let charges: Stripe;
let gateway: RefundGateway;

beforeAll(async () => {
  local = await startLocalStripe({ host: '127.0.0.1', port: 0, webhook: null });
  mock = await startStripeMock();
  intents = client(local.url);
  charges = client(mock.url);
  gateway = createRefundGateway({ intents, charges });
});

afterAll(async () => {
  await local?.close();
  await mock?.stop();
});

test.each([
  [
    'a PaymentIntent (local Stripe)',
    async () => (await intents.paymentIntents.create({ amount: 3000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })).id,
  ],
  ['a charge (Charges API mock)', async () => (await charges.charges.create({ amount: 3000, currency: 'usd', source: 'tok_visa' })).id],
])('refunds %s once per refund id, never more than is left', async (_name, pay) => {
  const paymentId = await pay();
  const first = await gateway.refund({ refundId: `r-${paymentId}-1`, orderId: 'order-1', paymentId, amountCents: 1000 });
  expect(first.stripeRefundId).toMatch(/^re_/);
  expect(await gateway.refund({ refundId: `r-${paymentId}-1`, orderId: 'order-1', paymentId, amountCents: 1000 })).toEqual(first);
  const second = await gateway.refund({ refundId: `r-${paymentId}-2`, orderId: 'order-1', paymentId, amountCents: 2000 });
  expect(second.stripeRefundId).not.toBe(first.stripeRefundId);
  await expect(gateway.refund({ refundId: `r-${paymentId}-3`, orderId: 'order-1', paymentId, amountCents: 1 })).rejects.toBeInstanceOf(RefundRefusedError);
  const refunded = paymentId.startsWith('pi_')
    ? local.events().filter((event) => event.type === 'refund.created' && (event.data.object as { payment_intent?: string }).payment_intent === paymentId)
        .length
    : (await charges.charges.retrieve(paymentId)).amount_refunded;
  expect(refunded).toBe(paymentId.startsWith('pi_') ? 2 : 3000);
});

test('an unreachable Stripe is an outage to retry, not a refusal', async () => {
  const away = createRefundGateway({ intents: client('http://127.0.0.1:9'), charges: client('http://127.0.0.1:9') });
  await expect(away.refund({ refundId: 'r-away', orderId: 'order-1', paymentId: 'pi_anything', amountCents: 100 })).rejects.toBeInstanceOf(
    PaymentUnavailableError,
  );
});
