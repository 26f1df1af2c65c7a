import { randomUUID } from 'node:crypto';
import { createStripeClient } from '../payments/stripeGateway.ts';
import { startStripeMock, type StripeMock } from '../../../stand-ins/stripe/testing/stripeMock.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { backends, checkoutBody, openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';

jest.setTimeout(30_000);

const products = () => [
  { id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 20 },
  { id: 2, title: 'Canvas Tote Bag', priceCents: 1250, stock: 20 },
  { id: 3, title: 'Last Lamp', priceCents: 4500, stock: 5 },
  { id: 4, title: 'Bottle Opener', priceCents: 30, stock: 20 },
];

let mock: StripeMock;
beforeAll(async () => {
  mock = await startStripeMock();
});
afterAll(async () => {
  await mock.stop();
});

async function chargesFor(orderId: string) {
  const stripe = createStripeClient({ secretKey: undefined, mockUrl: mock.url });
  const found = [];
  for await (const charge of stripe.charges.list({ limit: 100 })) {
    if (charge.metadata?.order_id === orderId) found.push(charge);
  }
  return found;
}

describe.each(backends)('checkout over HTTP on %s', (backend) => {
  let storage: TestStorage;
  let catalog: FakeCatalog;
  let server: TestServer;
  const pay = (body: unknown, headers?: Record<string, string>) => request(`${server.url}/save-stripe-token`, { body, ...(headers ? { headers } : {}) });

  beforeAll(async () => {
    storage = await openTestRepository(backend);
  });
  afterAll(async () => {
    await storage.cleanup();
  });
  beforeEach(async () => {
    catalog = await startFakeCatalog(products());
    server = await startTestServer({ repository: storage.repository, catalog, stripeMockUrl: mock.url });
  });
  afterEach(async () => {
    await server.stop();
    await catalog.close();
  });

  test('is alive and ready once storage answers', async () => {
    expect(await request(`${server.url}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await request(`${server.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  test('prices come from the catalogue in cents; client prices are ignored', async () => {
    const body = checkoutBody({
      lines: [
        { id: 1, qun: 2, price: 0.01, title: 'tampered' },
        { id: 2, qun: 1, price: 0 },
      ],
      total: 1,
    });
    const answer = await pay(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      email: 'ada@example.com',
      orderId: expect.any(String),
      orderNumber: expect.any(Number),
      totalCents: 2 * 1999 + 1250,
      status: 'paid',
    });
    const order = await storage.repository.findById(answer.body.orderId);
    expect(order).toMatchObject({ status: 'paid', subtotalCents: 5248, discountCents: 0, totalCents: 5248, stockSettled: true });
    expect(order?.lines).toEqual([
      { productId: '1', title: 'Oak Side Table', unitCents: 1999, quantity: 2, lineCents: 3998 },
      { productId: '2', title: 'Canvas Tote Bag', unitCents: 1250, quantity: 1, lineCents: 1250 },
    ]);
    const charges = await chargesFor(answer.body.orderId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 5248, currency: 'usd', receipt_email: 'ada@example.com', status: 'succeeded' });
    expect(order?.paymentId).toBe(charges[0]?.id);
    expect(catalog.reservations.get(answer.body.orderId)?.status).toBe('committed');
    expect(catalog.stock(1)).toBe(18);
  });

  test('the same product listed twice is charged once for the summed quantity', async () => {
    const answer = await pay(
      checkoutBody({
        lines: [
          { id: 2, qun: 1 },
          { id: 2, qun: 2 },
        ],
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.totalCents).toBe(3 * 1250);
    expect(catalog.stock(2)).toBe(17);
  });

  test('a valid coupon lowers the charged total; an unknown one is refused before anything happens', async () => {
    const saved = await pay(checkoutBody({ lines: [{ id: 1, qun: 2 }], couponCode: ' save10 ' }));
    expect(saved.status).toBe(200);
    expect(saved.body.totalCents).toBe(3998 - 399);
    const order = await storage.repository.findById(saved.body.orderId);
    expect(order).toMatchObject({ coupon: 'SAVE10', subtotalCents: 3998, discountCents: 399, totalCents: 3599 });
    expect((await chargesFor(saved.body.orderId))[0]?.amount).toBe(3599);

    const welcome = await pay(checkoutBody({ lines: [{ id: 2, qun: 2 }], couponCode: 'WELCOME5' }));
    expect(welcome.status).toBe(200);
    expect(welcome.body.totalCents).toBe(2500 - 500);

    const tooSmall = await pay(checkoutBody({ lines: [{ id: 2, qun: 1 }], couponCode: 'WELCOME5' }));
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body).toEqual({ message: 'WELCOME5 needs a subtotal of at least $25.00', code: 'coupon_not_applicable' });
    expect(catalog.stock(2)).toBe(18);

    const unknown = await pay(checkoutBody({ couponCode: 'FREESTUFF' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Coupon code "FREESTUFF" is not valid');
    expect(catalog.calls.filter((call) => call === 'POST /stock/reservations')).toHaveLength(3);
  });

  test('coupon preview uses catalogue prices (POST and GET)', async () => {
    const posted = await request(`${server.url}/api/checkout/coupons/validate`, {
      body: { code: 'save10', lines: [{ id: 1, qun: 2, price: 1 }] },
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ valid: true, code: 'SAVE10', discountCents: 399, subtotalCents: 3998 });
    const viaGet = await request(`${server.url}/api/checkout/coupons/validate?code=WELCOME5&lines=2:1`);
    expect(viaGet.body).toMatchObject({ valid: false, discountCents: 0, message: 'WELCOME5 needs a subtotal of at least $25.00' });
    const unknownCode = await request(`${server.url}/api/checkout/coupons/validate?code=NOPE&lines=2:1`);
    expect(unknownCode.body).toMatchObject({ valid: false, message: 'Coupon code "NOPE" is not valid' });
    const unknownProduct = await request(`${server.url}/api/checkout/coupons/validate?code=SAVE10&lines=999:1`);
    expect(unknownProduct.status).toBe(404);
    expect(unknownProduct.body.message).toBe("Product with id '999' not found");
  });

  test("a declined card answers 402 with Stripe's message and releases the reservation", async () => {
    const answer = await pay(checkoutBody({ token: { id: 'tok_chargeDeclined' }, lines: [{ id: 3, qun: 2 }] }));
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ message: 'Your card was declined.', code: 'card_declined' });
    expect(catalog.stock(3)).toBe(5);
    const [orderId] = [...catalog.reservations.keys()];
    expect(catalog.reservations.get(orderId!)?.status).toBe('released');
    expect(await storage.repository.findById(orderId!)).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      stockSettled: true,
      paymentId: null,
    });
  });

  test('other Stripe refusals pass their message through', async () => {
    const answer = await pay(checkoutBody({ token: { id: 'tok_chargeDeclinedInsufficientFunds' } }));
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ message: 'Your card has insufficient funds.', code: 'card_declined' });
  });

  test('unknown products and short stock are refused clearly and nothing is charged', async () => {
    const unknown = await pay(
      checkoutBody({
        lines: [
          { id: 1, qun: 1 },
          { id: 999, qun: 1 },
        ],
      }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Product with id '999' not found", code: 'unknown_product' });
    const short = await pay(checkoutBody({ lines: [{ id: 3, qun: 6 }] }));
    expect(short.status).toBe(409);
    expect(short.body).toEqual({ message: 'Only 5 left of Last Lamp', code: 'out_of_stock' });
    expect(catalog.stock(1)).toBe(20);
    expect(catalog.stock(3)).toBe(5);
  });

  test("a total under Stripe's minimum is refused before charging", async () => {
    const answer = await pay(checkoutBody({ lines: [{ id: 4, qun: 1 }] }));
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('amount_too_small');
    expect(catalog.stock(4)).toBe(20);
  });

  test('a retried submission answers the first result and never charges twice', async () => {
    const body = checkoutBody();
    const first = await pay(body);
    const second = await pay(body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await chargesFor(first.body.orderId)).toHaveLength(1);
    expect(catalog.stock(1)).toBe(18);

    const declined = checkoutBody({ token: { id: 'tok_chargeDeclined' } });
    expect((await pay(declined)).status).toBe(402);
    const replay = await pay(declined);
    expect(replay.status).toBe(402);
    expect(replay.body.code).toBe('card_declined');
  });

  test.each([
    { outcome: 'paid', token: 'tok_visa', status: 200, stockCall: 'commit', reservation: 'committed', stock: 19 },
    { outcome: 'declined', token: 'tok_chargeDeclined', status: 402, stockCall: 'release', reservation: 'released', stock: 20 },
  ])('$outcome: a submission sent again while the first is settling its stock answers once the stock is settled', async (expected) => {
    const body = checkoutBody({ lines: [{ id: 2, qun: 1 }], token: { id: expected.token } });
    const held = catalog.holdNext(new RegExp(`^/stock/reservations/[^/]+/${expected.stockCall}$`));
    const first = pay(body);
    await held.arrived;
    const again = await pay(body);
    const [orderId] = [...catalog.reservations.keys()];
    const settled = {
      stockSettled: (await storage.repository.findById(orderId!))?.stockSettled,
      reservation: catalog.reservations.get(orderId!)?.status,
      stock: catalog.stock(2),
    };
    held.resume();
    const original = await first;
    expect(again.status).toBe(expected.status);
    expect(settled).toEqual({ stockSettled: true, reservation: expected.reservation, stock: expected.stock });
    expect(original.status).toBe(expected.status);
  });

  test('5 concurrent identical submissions make one order and one charge', async () => {
    const body = checkoutBody({ lines: [{ id: 2, qun: 1 }] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const orderIds = new Set(answers.map((a) => a.body.orderId));
    expect(orderIds.size).toBe(1);
    expect(await chargesFor([...orderIds][0]!)).toHaveLength(1);
    expect(catalog.stock(2)).toBe(19);
  });

  test('the same key for another cart is refused; for the same cart with a new token it answers the first result', async () => {
    const body = checkoutBody();
    const first = await pay(body);
    expect(first.status).toBe(200);
    const reused = await pay({ ...body, lines: [{ id: 2, qun: 1 }] });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    const retried = await pay({ ...body, token: { id: 'tok_mastercard' }, billing: { ...body.billing, phone: '+44 20 7946 0001' } });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);
    expect(await chargesFor(first.body.orderId)).toHaveLength(1);
  });

  test('50 concurrent checkouts for an item with stock 5: exactly 5 paid, 45 clear 409s, stock 0', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pay(checkoutBody({ lines: [{ id: 3, qun: 1 }], email: `shopper${i}@example.com` }))),
    );
    const paid = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        message: expect.stringMatching(/^(Only [1-4] left of Last Lamp|Last Lamp is out of stock)$/),
        code: 'out_of_stock',
      });
    }
    expect(catalog.stock(3)).toBe(0);
    const committed = [...catalog.reservations.values()].filter((r) => r.status === 'committed');
    expect(committed).toHaveLength(5);
    for (const answer of paid) expect(await chargesFor(answer.body.orderId)).toHaveLength(1);
  });

  test('two service instances on one database: 40 checkouts for stock 5 pay 5; a key sent to both charges once', async () => {
    const other = await startTestServer({ repository: await storage.reopen(), catalog, stripeMockUrl: mock.url });
    try {
      const urls = [server.url, other.url];
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => request(`${urls[i % 2]}/save-stripe-token`, { body: checkoutBody({ lines: [{ id: 3, qun: 1 }] }) })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(35);
      expect(catalog.stock(3)).toBe(0);

      const body = checkoutBody({ lines: [{ id: 2, qun: 1 }] });
      const same = await Promise.all(Array.from({ length: 6 }, (_, i) => request(`${urls[i % 2]}/save-stripe-token`, { body })));
      expect(same.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(same.map((a) => a.body.orderId)).size).toBe(1);
      expect(await chargesFor(same[0]!.body.orderId)).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  test('catalogue down: 503 with a clear message, nothing charged, the reservation released', async () => {
    catalog.failNext(/^\/stock\/reservations$/);
    const answer = await pay(checkoutBody());
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('catalog_unavailable');
    expect(answer.body.message).toMatch(/catalogue is unavailable.*not been charged/);
    expect(catalog.calls).toContainEqual(expect.stringMatching(/^POST \/stock\/reservations\/.+\/release$/));
  });

  test('a retry with the same key after the catalogue was down and its release failed too is a new attempt: paid once, stock right', async () => {
    // The outage takes the reservation and its release with it.
    catalog.failNext(/^\/stock\/reservations/, 2);
    const body = checkoutBody({ lines: [{ id: 1, qun: 1 }] });
    const during = await pay(body);
    expect(during.status).toBe(503);
    expect(during.body.code).toBe('catalog_unavailable');
    const after = await pay(body);
    expect(after.status).toBe(200);
    expect(after.body.orderId).toEqual(expect.any(String));
    expect(await chargesFor(after.body.orderId)).toHaveLength(1);
    expect(catalog.stock(1)).toBe(19);
    // And from then on the key answers that paid order.
    expect((await pay(body)).body).toEqual(after.body);
  });

  test('payment service down: 503, the order failed and its stock released', async () => {
    await server.stop();
    server = await startTestServer({ repository: storage.repository, catalog, stripeMockUrl: 'http://127.0.0.1:9' });
    const answerKey = randomUUID();
    const answer = await pay(checkoutBody({ lines: [{ id: 3, qun: 2 }], idempotencyKey: answerKey }));
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      message: 'The payment service is unavailable right now. You have not been charged; please try again in a moment.',
      code: 'payment_unavailable',
    });
    expect(catalog.stock(3)).toBe(5);

    // Back up: the shopper's retry with the same key pays, once.
    await server.stop();
    server = await startTestServer({ repository: storage.repository, catalog, stripeMockUrl: mock.url });
    const retry = await pay(checkoutBody({ lines: [{ id: 3, qun: 2 }], idempotencyKey: answerKey }));
    expect(retry.status).toBe(200);
    expect(await chargesFor(retry.body.orderId)).toHaveLength(1);
    expect(catalog.stock(3)).toBe(3);
  });

  test("a signed-in shopper's orders are linked to them and visible to nobody else", async () => {
    const signIn = async (uid: string) => {
      const answer = await request(`${server.url}/api/checkout/session`, {
        method: 'POST',
        headers: { authorization: `Bearer id-token:${uid}:${uid}@example.com` },
      });
      expect(answer.status).toBe(200);
      const cookie = answer.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^checkout_session=[^;]+; /);
      expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', expect.stringMatching(/^Max-Age=\d+$/), 'Path=/', 'SameSite=Strict']);
      return cookie.split(';')[0]!;
    };
    const alice = await signIn(`alice-${randomUUID()}`);
    const bob = await signIn(`bob-${randomUUID()}`);

    const paid = await pay(checkoutBody(), { cookie: alice });
    expect(paid.status).toBe(200);
    const guest = await pay(checkoutBody());
    expect(guest.status).toBe(200);

    const mine = await request(`${server.url}/api/checkout/orders`, { headers: { cookie: alice } });
    expect(mine.status).toBe(200);
    expect(mine.body.orders.map((o: { id: string }) => o.id)).toEqual([paid.body.orderId]);
    expect(mine.body.orders[0]).toMatchObject({ status: 'paid', totalCents: 3998, lines: [{ productId: '1', quantity: 2 }] });
    expect(mine.body.orders[0]).not.toHaveProperty('idempotencyKey');
    expect(mine.headers.get('cache-control')).toBe('no-store');

    const one = await request(`${server.url}/api/checkout/orders/${paid.body.orderId}`, { headers: { cookie: alice } });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(paid.body.orderId);

    const bobs = await request(`${server.url}/api/checkout/orders`, { headers: { cookie: bob } });
    expect(bobs.body.orders).toEqual([]);
    const stolen = await request(`${server.url}/api/checkout/orders/${paid.body.orderId}`, { headers: { cookie: bob } });
    expect(stolen.status).toBe(404);
    const guestOrder = await request(`${server.url}/api/checkout/orders/${guest.body.orderId}`, { headers: { cookie: bob } });
    expect(guestOrder.status).toBe(404);

    const anonymous = await request(`${server.url}/api/checkout/orders`);
    expect(anonymous.status).toBe(401);
    const forged = await request(`${server.url}/api/checkout/orders`, {
      headers: { cookie: alice.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
    });
    expect(forged.status).toBe(401);

    const signedOut = await request(`${server.url}/api/checkout/session`, { method: 'DELETE', headers: { cookie: alice } });
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.get('set-cookie')).toMatch(/^checkout_session=; .*Max-Age=0/);
  });
});
