// The staff's order API over real HTTP on both storage backends, with refunds through the
// project's local Stripe (reached by the official SDK as real Stripe is) and stock returned to a
// catalogue with real semantics: list and search, the lifecycle and its refusals, idempotent
// repeats, two staff acting at once, refunds per line and whole, cancellation, and the shopper's timeline.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { startLocalStripe, type LocalStripe } from '../../../stand-ins/stripe/index.ts';
import type { OrderLine } from '../orders/model.ts';
import { PaymentUnavailableError } from '../payments/gateway.ts';
import { createRefundGateway, RefundRefusedError, type RefundGateway } from '../payments/refunds.ts';
import { type IdTokenVerifier, InvalidIdTokenError, staffRoleOf } from 'service-kit/firebase-auth';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { billing, openTestRepository, request, startTestServer, type Backend, type TestServer, type TestStorage } from '../testing/harness.ts';

jest.setTimeout(30_000);

const TABLE = { id: 1, title: 'Oak Side Table', priceCents: 2000, stock: 50 };
const LAMP = { id: 2, title: 'Brass Desk Lamp', priceCents: 500, stock: 50 };

/** "token:<uid>:<role>" stands in for a verified Firebase ID token with that custom claim. */
const verifier: IdTokenVerifier = {
  async verify(idToken) {
    const [kind, uid, role] = idToken.split(':');
    if (kind !== 'token' || !uid) throw new InvalidIdTokenError('not a test token');
    return { uid, email: `${uid}@shop.example`, exp: Math.floor(Date.now() / 1000) + 3600, role: staffRoleOf({ role }) };
  },
};

const ADMIN = { authorization: 'Bearer token:admin-ann:admin' };
const STAFF = { authorization: 'Bearer token:staff-sam:staff' };

describe.each(['sqlite', 'postgres'] as Backend[])('staff orders on %s', (backend) => {
  let storage: TestStorage;
  let catalog: FakeCatalog;
  let server: TestServer;
  let local: LocalStripe;
  let stripe: Stripe;
  /** Stripe makes the next refund but its answer is lost on the way back (a timeout). */
  let loseNextRefundAnswer = false;
  /** Stripe refuses the next refund (say, the payment was refunded from Stripe's dashboard). */
  let refuseNextRefund = false;

  beforeAll(async () => {
    local = await startLocalStripe({ host: '127.0.0.1', port: 0, webhook: null });
    const { hostname, port } = new URL(local.url);
    stripe = new Stripe('sk_test_local', { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    storage = await openTestRepository(backend);
    catalog = await startFakeCatalog([TABLE, LAMP]);
    server = await startTestServer({
      repository: storage.repository,
      catalog,
      stripeMockUrl: 'http://127.0.0.1:9',
      localStripe: { url: local.url, webhookSecret: 'whsec_unused' },
      deps: { verifier, refunds: losingAnswers(createRefundGateway({ intents: stripe, charges: stripe })) },
    });
  });

  function losingAnswers(gateway: RefundGateway): RefundGateway {
    return {
      async refund(request) {
        if (refuseNextRefund) {
          refuseNextRefund = false;
          throw new RefundRefusedError('Charge has already been refunded.');
        }
        const answer = await gateway.refund(request);
        if (loseNextRefundAnswer) {
          loseNextRefundAnswer = false;
          throw new PaymentUnavailableError('refunding: the answer timed out');
        }
        return answer;
      },
    };
  }

  afterAll(async () => {
    await local?.close();
    await server?.stop();
    await catalog?.close();
    await storage?.cleanup();
  });

  /** A paid order as the checkout leaves it: stock reserved and committed, a succeeded PaymentIntent for its total. */
  async function paidOrder(options: {
    lines: { product: typeof TABLE; quantity: number }[];
    email?: string;
    uid?: string;
    createdAt?: string;
    coupon?: boolean;
    /** Paid, but its reservation not committed yet (the catalogue was away when it was paid). */
    unsettled?: boolean;
  }) {
    const id = randomUUID();
    const createdAt = options.createdAt ?? new Date().toISOString();
    const email = options.email ?? 'ada@example.com';
    const repository = storage.repository;
    await repository.createPending({
      id,
      idempotencyKey: randomUUID(),
      requestHash: 'h',
      uid: options.uid ?? null,
      email,
      billing: billing({ email }),
      currency: 'usd',
      coupon: options.coupon ? 'SAVE10' : null,
      createdAt,
    });
    const lines: OrderLine[] = options.lines.map(({ product, quantity }) => ({
      productId: String(product.id),
      title: product.title,
      unitCents: product.priceCents,
      quantity,
      lineCents: product.priceCents * quantity,
    }));
    const subtotalCents = lines.reduce((sum, line) => sum + line.lineCents, 0);
    const discountCents = options.coupon ? Math.round(subtotalCents / 10) : 0;
    await repository.recordPricing(id, lines, { subtotalCents, discountCents, totalCents: subtotalCents - discountCents }, createdAt);
    await fetch(`${catalog.url}/stock/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': catalog.token },
      body: JSON.stringify({ orderId: id, lines: options.lines.map(({ product, quantity }) => ({ productId: product.id, quantity })) }),
    });
    if (!options.unsettled) await fetch(`${catalog.url}/stock/reservations/${id}/commit`, { method: 'POST', headers: { 'x-internal-token': catalog.token } });
    const intent = await stripe.paymentIntents.create({
      amount: subtotalCents - discountCents,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      metadata: { order_id: id },
    });
    expect(intent.status).toBe('succeeded');
    await repository.markPaid(id, intent.id, createdAt);
    if (!options.unsettled) await repository.markStockSettled(id, createdAt);
    return { id, number: (await repository.findById(id))!.number, paymentId: intent.id, totalCents: subtotalCents - discountCents };
  }

  const act = (orderId: string, action: string, options: { key?: string; body?: unknown; as?: Record<string, string> } = {}) =>
    request(`${server.url}/api/checkout/staff/orders/${orderId}/${action}`, {
      method: 'POST',
      headers: { ...(options.as ?? ADMIN), 'idempotency-key': options.key ?? randomUUID() },
      body: options.body ?? {},
    });

  const detail = async (orderId: string) => (await request(`${server.url}/api/checkout/staff/orders/${orderId}`, { headers: STAFF })).body;
  /** The refunds the local Stripe made for a payment, as its refund.created events tell them. */
  const stripeRefunds = async (paymentIntent: string) =>
    local
      .events()
      .filter((event) => event.type === 'refund.created')
      .map((event) => event.data.object as unknown as Stripe.Refund)
      .filter((refund) => refund.payment_intent === paymentIntent);

  test('the list finds orders by number and e-mail, filters by status, payment and dates, and pages without gaps or repeats', async () => {
    const tag = randomUUID().slice(0, 8);
    const old = await paidOrder({ lines: [{ product: LAMP, quantity: 1 }], email: `Grace.${tag}@Example.com`, createdAt: '2026-01-15T10:00:00.000Z' });
    const recent = [];
    for (let i = 0; i < 5; i++) recent.push(await paidOrder({ lines: [{ product: LAMP, quantity: 1 }], email: `list.${tag}.${i}@example.com` }));
    await act(recent[0]!.id, 'pack');

    const list = (query: string) => request(`${server.url}/api/checkout/staff/orders?${query}`, { headers: STAFF });

    const byNumber = await list(`q=%23${old.number}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.orders.map((order: { id: string }) => order.id)).toEqual([old.id]);
    expect(byNumber.body.orders[0]).toMatchObject({
      number: old.number,
      status: 'paid',
      payment: 'succeeded',
      email: `Grace.${tag}@Example.com`,
      name: 'Ada Lovelace',
      totalCents: 500,
    });

    expect((await list(`q=grace.${tag}`)).body.orders.map((order: { id: string }) => order.id)).toEqual([old.id]);
    expect((await list(`q=${encodeURIComponent(`list.${tag}`)}&status=packed`)).body.orders.map((order: { id: string }) => order.id)).toEqual([recent[0]!.id]);
    expect((await list(`q=grace.${tag}&from=2026-01-15&to=2026-01-15`)).body.orders).toHaveLength(1);
    expect((await list(`q=grace.${tag}&from=2026-01-16`)).body.orders).toHaveLength(0);
    expect((await list(`q=grace.${tag}&payment=refunded`)).body.orders).toHaveLength(0);

    // Newest first, two at a time: every order once, in order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`q=list.${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.orders.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.orders.map((order: { id: string }) => order.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(recent.map((order) => order.id).reverse());

    expect((await list('cursor=not-a-cursor')).status).toBe(400);
    expect((await list('status=lost')).status).toBe(400);
  });

  test('paid -> packed -> shipped -> delivered, each checked, recorded with who and when, and shown to the shopper', async () => {
    const order = await paidOrder({ lines: [{ product: TABLE, quantity: 1 }], uid: 'shopper-ada' });

    const early = await act(order.id, 'ship', { as: STAFF, body: { carrier: 'dhl', trackingNumber: 'JD014600003' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Order ${order.number} is paid: it can be marked shipped only when packed`);

    const packKey = randomUUID();
    const packed = await act(order.id, 'pack', { as: STAFF, key: packKey });
    expect(packed.status).toBe(200);
    expect(packed.body).toMatchObject({
      orderId: order.id,
      status: 'packed',
      event: { type: 'packed', fromStatus: 'paid', toStatus: 'packed', by: { uid: 'staff-sam', email: 'staff-sam@shop.example' } },
    });
    // The same request again (a double click, a retry) changes nothing and answers the same.
    expect(await act(order.id, 'pack', { as: STAFF, key: packKey })).toMatchObject({ status: 200, body: packed.body });
    // The same key for another request is a client's mistake, said so.
    expect((await act(order.id, 'deliver', { as: STAFF, key: packKey })).status).toBe(422);
    expect((await act(order.id, 'refunds', { key: packKey })).status).toBe(422);

    const invalid = await act(order.id, 'ship', { as: STAFF, body: { carrier: 'pigeon', trackingNumber: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error: { field: string }) => error.field)).toEqual(['carrier', 'trackingNumber']);

    const shipped = await act(order.id, 'ship', { as: STAFF, body: { carrier: 'ups', trackingNumber: '1z999aa10123456784' } });
    expect(shipped.status).toBe(200);
    expect(shipped.body.event.detail.shipment).toEqual({
      carrier: 'ups',
      carrierName: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect((await act(order.id, 'deliver', { as: STAFF })).body.status).toBe('delivered');
    expect((await act(order.id, 'cancel')).status).toBe(409);

    const page = await detail(order.id);
    expect(page.timeline.map((event: { type: string; by: unknown }) => [event.type, event.by])).toEqual([
      ['payment_succeeded', { actor: 'system' }],
      ['packed', { uid: 'staff-sam', email: 'staff-sam@shop.example' }],
      ['shipped', { uid: 'staff-sam', email: 'staff-sam@shop.example' }],
      ['delivered', { uid: 'staff-sam', email: 'staff-sam@shop.example' }],
    ]);
    expect(page.timeline.every((event: { at: string }) => !Number.isNaN(Date.parse(event.at)))).toBe(true);

    const session = await request(`${server.url}/api/checkout/session`, { method: 'POST', headers: { authorization: 'Bearer token:shopper-ada:none' } });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
    const mine = await request(`${server.url}/api/checkout/orders`, { headers: { cookie } });
    const timeline = mine.body.orders.find((candidate: { id: string }) => candidate.id === order.id).timeline;
    expect(timeline.map((event: { status: string }) => event.status)).toEqual(['paid', 'packed', 'shipped', 'delivered']);
    expect(timeline[2].shipment).toMatchObject({ carrierName: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(JSON.stringify(timeline)).not.toContain('staff-sam');
  });

  test('two staff packing the same order at once: one wins, one is told, one event', async () => {
    const order = await paidOrder({ lines: [{ product: LAMP, quantity: 1 }] });
    const answers = await Promise.all([act(order.id, 'pack', { as: STAFF }), act(order.id, 'pack', { as: ADMIN })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await storage.repository.listEvents(order.id)).filter((event) => event.type === 'packed')).toHaveLength(1);
  });

  test('shipping and cancelling a packed order at once: one wins, and the loser leaves no trace (no refund, no shipment)', async () => {
    for (let round = 0; round < 4; round++) {
      const order = await paidOrder({ lines: [{ product: LAMP, quantity: 1 }] });
      await act(order.id, 'pack', { as: STAFF });
      const [shipped, cancelled] = await Promise.all([
        act(order.id, 'ship', { as: STAFF, body: { carrier: 'dhl', trackingNumber: 'JD014600003' } }),
        act(order.id, 'cancel'),
      ]);
      expect([shipped.status, cancelled.status].sort()).toEqual([200, 409]);
      const page = await detail(order.id);
      const refunds = await stripeRefunds(order.paymentId);
      if (shipped.status === 200) {
        expect(page).toMatchObject({ status: 'shipped', refundedCents: 0, paymentRecord: { refunds: [] } });
        expect(refunds).toHaveLength(0);
      } else {
        expect(page).toMatchObject({ status: 'cancelled', refundedCents: 500 });
        expect(refunds).toHaveLength(1);
        expect(page.timeline.map((event: { type: string }) => event.type)).not.toContain('shipped');
      }
    }
  });

  test('a refund per line goes through Stripe, returns its stock once, and never exceeds what was bought', async () => {
    const order = await paidOrder({
      lines: [
        { product: TABLE, quantity: 2 },
        { product: LAMP, quantity: 1 },
      ],
      coupon: true,
    });
    expect(order.totalCents).toBe(4050);
    const tables = catalog.stock(TABLE.id);

    const key = randomUUID();
    const first = await act(order.id, 'refunds', { key, body: { lines: [{ productId: '1', quantity: 1 }] } });
    expect(first.status).toBe(200);
    // One table of 2000 after the order's 10% discount.
    expect(first.body.refund).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      amountCents: 1800,
      lines: [{ productId: '1', quantity: 1, amountCents: 1800 }],
      by: { uid: 'admin-ann' },
    });
    expect(await stripeRefunds(order.paymentId)).toEqual([expect.objectContaining({ id: first.body.refund.stripeRefundId, amount: 1800 })]);
    expect(catalog.stock(TABLE.id)).toBe(tables + 1);

    // The second click on the same refund.
    expect(await act(order.id, 'refunds', { key, body: { lines: [{ productId: '1', quantity: 1 }] } })).toMatchObject({ status: 200, body: first.body });
    expect((await act(order.id, 'pack', { key })).status).toBe(422);
    expect(await stripeRefunds(order.paymentId)).toHaveLength(1);
    expect(catalog.stock(TABLE.id)).toBe(tables + 1);

    const tooMany = await act(order.id, 'refunds', { body: { lines: [{ productId: '1', quantity: 2 }] } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(`Only 1 of product 1 can still be refunded in order ${order.number}`);
    expect((await act(order.id, 'refunds', { body: { lines: [{ productId: '99', quantity: 1 }] } })).status).toBe(400);
    expect((await act(order.id, 'refunds', { as: STAFF })).status).toBe(403);

    let page = await detail(order.id);
    expect(page).toMatchObject({ status: 'paid', payment: 'partially_refunded', refundedCents: 1800, coupon: 'SAVE10' });
    expect(page.lines.map((line: { refundedQuantity: number }) => line.refundedQuantity)).toEqual([1, 0]);
    expect(page.paymentRecord).toMatchObject({
      id: order.paymentId,
      kind: 'payment_intent',
      refunds: [{ amountCents: 1800, status: 'succeeded', stockReturned: true }],
    });

    // The rest, whole: exactly what is left, so nothing is lost to rounding, and the order is refunded.
    const rest = await act(order.id, 'refunds');
    expect(rest.body.refund).toMatchObject({
      amountCents: 2250,
      lines: [
        { productId: '1', quantity: 1 },
        { productId: '2', quantity: 1 },
      ],
    });
    page = await detail(order.id);
    expect(page).toMatchObject({ status: 'refunded', payment: 'refunded', refundedCents: 4050 });
    expect((await stripeRefunds(order.paymentId)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(4050);
    expect(catalog.stock(TABLE.id)).toBe(tables + 2);
    expect((await act(order.id, 'refunds')).status).toBe(409);
    expect(page.timeline.map((event: { type: string; toStatus: string }) => [event.type, event.toStatus])).toEqual([
      ['payment_succeeded', 'paid'],
      ['refund_succeeded', 'paid'],
      ['refund_succeeded', 'refunded'],
    ]);
  });

  test('two refunds of the last unit at once: Stripe is asked once', async () => {
    const order = await paidOrder({ lines: [{ product: LAMP, quantity: 1 }] });
    const answers = await Promise.all([act(order.id, 'refunds'), act(order.id, 'refunds')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await stripeRefunds(order.paymentId)).toHaveLength(1);
  });

  test('cancelling a packed order refunds it in full and puts its stock back; a pending or shipped one cannot be', async () => {
    const order = await paidOrder({ lines: [{ product: TABLE, quantity: 3 }] });
    const tables = catalog.stock(TABLE.id);
    await act(order.id, 'pack', { as: STAFF });
    const key = randomUUID();
    const cancelled = await act(order.id, 'cancel', { key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ orderId: order.id, status: 'cancelled', refund: { kind: 'cancel', amountCents: 6000, status: 'succeeded' } });
    expect(await act(order.id, 'cancel', { key })).toMatchObject({ status: 200, body: cancelled.body });
    expect(await stripeRefunds(order.paymentId)).toEqual([expect.objectContaining({ amount: 6000 })]);
    expect(catalog.stock(TABLE.id)).toBe(tables + 3);
    expect(await detail(order.id)).toMatchObject({ status: 'cancelled', payment: 'refunded' });
    expect((await act(order.id, 'pack', { as: STAFF })).status).toBe(409);

    const shipped = await paidOrder({ lines: [{ product: LAMP, quantity: 1 }] });
    await act(shipped.id, 'pack');
    await act(shipped.id, 'ship', { body: { carrier: 'dpd', trackingNumber: '15501234567890' } });
    expect((await act(shipped.id, 'cancel')).status).toBe(409);

    const pending = await storage.repository.createPending({
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      requestHash: 'h',
      uid: null,
      email: 'p@example.com',
      billing: billing(),
      currency: 'usd',
      coupon: null,
      createdAt: new Date().toISOString(),
    });
    expect((await act(pending.order.id, 'cancel')).status).toBe(409);
    expect((await act(pending.order.id, 'refunds')).status).toBe(409);
    expect((await act(pending.order.id, 'pack')).status).toBe(409);
    expect((await act(randomUUID(), 'pack')).status).toBe(404);
  });

  test("Stripe's answer lost: the refund stays pending and holds its money, and the same request again finishes it once", async () => {
    const order = await paidOrder({ lines: [{ product: TABLE, quantity: 2 }] });
    const tables = catalog.stock(TABLE.id);
    const key = randomUUID();
    const body = { lines: [{ productId: '1', quantity: 1 }] };
    loseNextRefundAnswer = true;
    const first = await act(order.id, 'refunds', { key, body });
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({
      message: expect.stringMatching(/^Stripe did not answer; send the same request again/),
      refund: { status: 'pending', amountCents: 2000 },
    });
    expect(await stripeRefunds(order.paymentId)).toHaveLength(1);
    expect(await detail(order.id)).toMatchObject({ refundedCents: 0, paymentRecord: { refunds: [{ status: 'pending', stockReturned: false }] } });
    expect(catalog.stock(TABLE.id)).toBe(tables);
    expect((await act(order.id, 'refunds', { body: { lines: [{ productId: '1', quantity: 2 }] } })).status).toBe(409);

    const again = await act(order.id, 'refunds', { key, body });
    expect(again.status).toBe(200);
    expect(again.body.refund).toMatchObject({ id: first.body.refund.id, status: 'succeeded', amountCents: 2000 });
    expect(await stripeRefunds(order.paymentId)).toHaveLength(1);
    expect(catalog.stock(TABLE.id)).toBe(tables + 1);
    expect(await detail(order.id)).toMatchObject({ refundedCents: 2000, payment: 'partially_refunded' });
  });

  test('a refund Stripe refuses is recorded as failed, answered the same when repeated, and frees its money', async () => {
    const order = await paidOrder({ lines: [{ product: LAMP, quantity: 2 }] });
    const lamps = catalog.stock(LAMP.id);
    const key = randomUUID();
    refuseNextRefund = true;
    const refused = await act(order.id, 'refunds', { key });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'Stripe refused the refund: Charge has already been refunded.',
      refund: { status: 'failed', amountCents: 1000 },
    });
    expect(await act(order.id, 'refunds', { key })).toMatchObject({ status: 409, body: refused.body });
    expect(catalog.stock(LAMP.id)).toBe(lamps);
    const page = await detail(order.id);
    expect(page).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect(page.timeline.map((event: { type: string }) => event.type)).toEqual(['payment_succeeded', 'refund_failed']);
    expect((await act(order.id, 'refunds')).body.refund).toMatchObject({ status: 'succeeded', amountCents: 1000 });
  });

  test('what no request finished, recovery finishes: a refund Stripe did not answer, stock the catalogue did not take back', async () => {
    const order = await paidOrder({
      lines: [
        { product: TABLE, quantity: 1 },
        { product: LAMP, quantity: 1 },
      ],
    });
    const [tables, lamps] = [catalog.stock(TABLE.id), catalog.stock(LAMP.id)];
    loseNextRefundAnswer = true;
    expect((await act(order.id, 'refunds', { body: { lines: [{ productId: '1', quantity: 1 }] } })).status).toBe(503);
    catalog.failNext(/\/returns$/);
    expect((await act(order.id, 'refunds', { body: { lines: [{ productId: '2', quantity: 1 }] } })).status).toBe(200);
    const refundsOf = async () =>
      (await detail(order.id)).paymentRecord.refunds.map((refund: { status: string; stockReturned: boolean }) => [refund.status, refund.stockReturned]);
    expect(await refundsOf()).toEqual([
      ['pending', false],
      ['succeeded', false],
    ]);
    expect([catalog.stock(TABLE.id), catalog.stock(LAMP.id)]).toEqual([tables, lamps]);

    // Only what is older than the cutoff: a refund a live request is still working on is left to it.
    expect(await server.server.staff.finishUnfinished(new Date(Date.now() - 60_000).toISOString())).toEqual({ finished: 0, left: 0 });
    expect(await server.server.staff.finishUnfinished(new Date(Date.now() + 1000).toISOString())).toEqual({ finished: 2, left: 0 });
    expect(await refundsOf()).toEqual([
      ['succeeded', true],
      ['succeeded', true],
    ]);
    expect([catalog.stock(TABLE.id), catalog.stock(LAMP.id)]).toEqual([tables + 1, lamps + 1]);
    expect(await stripeRefunds(order.paymentId)).toHaveLength(2);
    expect(await detail(order.id)).toMatchObject({ status: 'refunded', refundedCents: 2500 });
    expect(await server.server.staff.finishUnfinished(new Date(Date.now() + 1000).toISOString())).toEqual({ finished: 0, left: 0 });
  });

  test("refunded before the order's stock was committed (the catalogue was away at payment): the units go back once it is", async () => {
    const order = await paidOrder({ lines: [{ product: TABLE, quantity: 2 }], unsettled: true });
    const tables = catalog.stock(TABLE.id);
    expect((await act(order.id, 'refunds', { body: { lines: [{ productId: '1', quantity: 1 }] } })).body.refund.status).toBe('succeeded');
    expect((await detail(order.id)).paymentRecord.refunds[0].stockReturned).toBe(false);
    expect(catalog.stock(TABLE.id)).toBe(tables);

    // The checkout's recovery settles the order's stock (commits its reservation); then the refund's units go back.
    await fetch(`${catalog.url}/stock/reservations/${order.id}/commit`, { method: 'POST', headers: { 'x-internal-token': catalog.token } });
    await storage.repository.markStockSettled(order.id, new Date().toISOString());
    expect(await server.server.staff.finishUnfinished(new Date(Date.now() + 1000).toISOString())).toEqual({ finished: 1, left: 0 });
    expect(catalog.stock(TABLE.id)).toBe(tables + 1);
    expect((await detail(order.id)).paymentRecord.refunds[0].stockReturned).toBe(true);
  });

  test('a state-changing request without an Idempotency-Key is refused', async () => {
    const order = await paidOrder({ lines: [{ product: LAMP, quantity: 1 }] });
    const answer = await request(`${server.url}/api/checkout/staff/orders/${order.id}/pack`, { method: 'POST', headers: STAFF, body: {} });
    expect(answer.status).toBe(400);
    expect((await storage.repository.findById(order.id))!.status).toBe('paid');
  });
});
