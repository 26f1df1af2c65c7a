// The service side of the orders-api contract (decision 0046): one order's whole story over real
// HTTP, on both storage backends (paid by card through the local Stripe, packed, shipped, a lamp
// refunded, seen by its shopper and by staff), every answer exactly what the contract describes and
// shaped field for field like the contract's example of it. Callers' tests read those examples, so
// an answer that changes here fails this test until the contract and its examples say the same, and
// then fails every caller that relied on what changed.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { paidAnswer, paymentProblem, paymentStarted } from 'orders-api/checkout';
import { shopperOrder, shopperOrderList } from 'orders-api/shopper';
import { figuresAnswer, moveAnswer, orderDetail, orderPage, refundAnswer, staffMember } from 'orders-api/staff';
import * as examples from 'orders-api/testing';
import { contractProblem, type ContractSchema } from 'service-kit/answer-check';
import { type IdTokenVerifier, InvalidIdTokenError, staffRoleOf } from 'service-kit/firebase-auth';
import { startLocalStripe, type LocalStripe } from '../../stand-ins/stripe/index.ts';
import { createRefundGateway } from './payments/refunds.ts';
import { startFakeCatalog, type FakeCatalog } from './testing/fakeCatalog.ts';
import { backends, checkoutBody, openTestRepository, request, startTestServer, type TestServer, type TestStorage } from './testing/harness.ts';

jest.setTimeout(30_000);

/** "token:<uid>:<role>" stands in for a verified Firebase ID token with that custom claim. */
const verifier: IdTokenVerifier = {
  async verify(idToken) {
    const [kind, uid, role] = idToken.split(':');
    if (kind !== 'token' || !uid) throw new InvalidIdTokenError('not a test token');
    return { uid, email: `${uid}@shop.example`, exp: Math.floor(Date.now() / 1000) + 3600, role: staffRoleOf({ role }) };
  },
};
const ADMIN = { authorization: 'Bearer token:staff-ann:admin' };

/** Every path to a value, arrays as [] (an object's own fields, not its values): what a caller can read. */
function fieldsOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => fieldsOf(item, `${at}[]`)))];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${at}.${key}`, ...fieldsOf(inner, `${at}.${key}`)]);
}

describe.each(backends)('the checkout service answers as the orders-api contract says, on %s', (backend) => {
  let storage: TestStorage;
  let catalog: FakeCatalog;
  let server: TestServer;
  let local: LocalStripe;
  let stripe: Stripe;

  beforeAll(async () => {
    local = await startLocalStripe({ host: '127.0.0.1', port: 0, webhook: null });
    const { hostname, port } = new URL(local.url);
    stripe = new Stripe('sk_test_local', { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    storage = await openTestRepository(backend);
    catalog = await startFakeCatalog([
      { id: 1, title: 'Oak Side Table', priceCents: 2000, stock: 20 },
      { id: 2, title: 'Brass Desk Lamp', priceCents: 500, stock: 20 },
    ]);
    server = await startTestServer({
      repository: storage.repository,
      catalog,
      stripeMockUrl: 'http://127.0.0.1:9',
      localStripe: { url: local.url, webhookSecret: 'whsec_unused' },
      deps: { verifier, refunds: createRefundGateway({ intents: stripe, charges: stripe }) },
    });
  });

  afterAll(async () => {
    await local?.close();
    await server?.stop();
    await catalog?.close();
    await storage?.cleanup();
  });

  async function pay(cookie: string, paymentMethod: string) {
    const { token: _card, ...body } = checkoutBody({
      lines: [
        { id: 1, qun: 1 },
        { id: 2, qun: 2 },
      ],
      idempotencyKey: randomUUID(),
    });
    const started = await request(`${server.url}/api/checkout/payment-intents`, { body, headers: { cookie } });
    await stripe.paymentIntents.confirm(started.body.clientSecret.split('_secret_')[0], { payment_method: paymentMethod }).catch(() => undefined);
    const settled = await request(`${server.url}/api/checkout/orders/${started.body.orderId}/payment`, { method: 'POST', headers: { cookie } });
    return { started, settled };
  }

  test("one order's story: every answer is the contract's, shaped like its example", async () => {
    const session = await request(`${server.url}/api/checkout/session`, { method: 'POST', headers: { authorization: 'Bearer token:shopper-ada:none' } });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { started, settled } = await pay(cookie, 'pm_card_visa');
    const declined = await pay(cookie, 'pm_card_chargeDeclined');
    const id = started.body.orderId as string;
    const staffApi = `${server.url}/api/checkout/staff`;
    const act = (action: string, body: unknown = {}) =>
      request(`${staffApi}/orders/${id}/${action}`, { method: 'POST', headers: { ...ADMIN, 'idempotency-key': randomUUID() }, body });
    await act('pack');
    const shipped = await act('ship', { carrier: 'dhl', trackingNumber: 'jd0123456789' });
    const refunded = await act('refunds', { lines: [{ productId: '2', quantity: 1 }] });

    const answers: [string, { status: number; body: unknown }, ContractSchema, unknown][] = [
      ['payment started', started, paymentStarted, examples.paymentStartedExample],
      ['paid', settled, paidAnswer, examples.paidAnswerExample],
      ['declined', declined.settled, paymentProblem, examples.paymentProblemExample],
      ['shipped', shipped, moveAnswer, examples.moveAnswerExample],
      ['refunded', refunded, refundAnswer, examples.refundAnswerExample],
      ['me', await request(`${staffApi}/me`, { headers: ADMIN }), staffMember, examples.staffMemberExample],
      ['order list', await request(`${staffApi}/orders?limit=1&status=shipped`, { headers: ADMIN }), orderPage, examples.orderPageExample],
      ['order page', await request(`${staffApi}/orders/${id}`, { headers: ADMIN }), orderDetail, examples.orderDetailExample],
      ['figures', await request(`${staffApi}/figures?hours=2`, { headers: ADMIN }), figuresAnswer, examples.figuresAnswerExample],
      ["shopper's orders", await request(`${server.url}/api/checkout/orders`, { headers: { cookie } }), shopperOrderList, examples.shopperOrderListExample],
      ["shopper's order", await request(`${server.url}/api/checkout/orders/${id}`, { headers: { cookie } }), shopperOrder, examples.shopperOrderExample],
    ];
    /** A list as if it held only the story's order, as its example does. */
    const ofTheStory = (body: unknown) =>
      typeof body === 'object' && body !== null && 'orders' in body
        ? { ...body, orders: (body.orders as { id: string }[]).filter((order) => order.id === id) }
        : body;
    expect(answers.map(([what, answer]) => [what, answer.status < 300 || what === 'declined' ? 'answered' : answer.body])).toEqual(
      answers.map(([what]) => [what, 'answered']),
    );
    expect(answers.map(([what, answer, schema]) => [what, contractProblem(schema, answer.body)])).toEqual(answers.map(([what]) => [what, null]));
    expect(answers.map(([what, answer]) => [what, fieldsOf(ofTheStory(answer.body)).sort()])).toEqual(
      answers.map(([what, , , example]) => [what, fieldsOf(example).sort()]),
    );
  });
});
