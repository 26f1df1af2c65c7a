import { BACKENDS, startTestServer, type TestServer } from '../testing/harness.ts';

describe.each(BACKENDS)('stock reservations on %s', (backend) => {
  let t: TestServer;
  let order = 0;
  const nextOrder = () => `order-${backend}-${++order}`;
  const stockOf = async (id: number): Promise<number> => (await t.get(`/products/${id}?select=stock`)).body.stock;

  /** A product with at least `min` in stock that no other test touches. */
  const products: number[] = [];
  const freshProduct = async (min: number): Promise<number> => {
    const { body } = await t.get('/products?limit=0&select=stock');
    const found = body.products.find((p: { id: number; stock: number }) => p.stock >= min && !products.includes(p.id));
    products.push(found.id);
    return found.id;
  };

  beforeAll(async () => {
    t = await startTestServer(backend);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses calls without the right x-internal-token', async () => {
    const lines = [{ productId: 1, quantity: 1 }];
    expect((await t.post('/stock/reservations', { orderId: 'x', lines }, {})).status).toBe(401);
    const wrong = await t.post('/stock/reservations', { orderId: 'x', lines }, { 'x-internal-token': 'guess' });
    expect(wrong).toEqual({ status: 401, body: { message: 'Missing or wrong x-internal-token' } });
    expect((await t.post('/stock/reservations/x/commit', undefined, {})).status).toBe(401);
    expect((await t.post('/stock/reservations/x/release', undefined, { 'x-internal-token': 'guess' })).status).toBe(401);
    expect((await t.post('/stock/reservations/x/returns', { returnId: 'r', lines }, { 'x-internal-token': 'guess' })).status).toBe(401);
  });

  it('reserves every line atomically and answers the reservation with snapshot prices', async () => {
    const a = await freshProduct(5);
    const b = await freshProduct(5);
    const [stockA, stockB] = [await stockOf(a), await stockOf(b)];
    const product = (await t.get(`/products/${a}`)).body;
    const orderId = nextOrder();
    const { status, body } = await t.post('/stock/reservations', {
      orderId,
      lines: [
        { productId: b, quantity: 2 },
        { productId: a, quantity: 3 },
      ],
    });
    expect(status).toBe(201);
    expect(body.orderId).toBe(orderId);
    expect(body.status).toBe('reserved');
    expect(body.lines).toContainEqual({
      productId: a,
      quantity: 3,
      title: product.title,
      thumbnail: product.thumbnail,
      priceCents: Math.round(product.price * 100),
    });
    expect([await stockOf(a), await stockOf(b)]).toEqual([stockA - 3, stockB - 2]);

    const again = await t.post('/stock/reservations', { orderId, lines: [{ productId: a, quantity: 1 }] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(body);
    expect(await stockOf(a)).toBe(stockA - 3);
  });

  it('takes nothing when any line is short (409) or unknown (404)', async () => {
    const a = await freshProduct(2);
    const b = await freshProduct(1);
    const [stockA, stockB] = [await stockOf(a), await stockOf(b)];
    const short = await t.post('/stock/reservations', {
      orderId: nextOrder(),
      lines: [
        { productId: a, quantity: 1 },
        { productId: b, quantity: stockB + 1 },
      ],
    });
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ productId: b, requested: stockB + 1, available: stockB });
    expect(short.body.message).toMatch(new RegExp(`Not enough stock .*product ${b}\\): ${stockB + 1} requested, ${stockB} available`));

    const unknown = await t.post('/stock/reservations', {
      orderId: nextOrder(),
      lines: [
        { productId: a, quantity: 1 },
        { productId: 987654, quantity: 1 },
      ],
    });
    expect(unknown).toEqual({ status: 404, body: { message: "Product with id '987654' not found", productId: 987654 } });
    expect([await stockOf(a), await stockOf(b)]).toEqual([stockA, stockB]);
  });

  it('lets a failed order id be retried once stock allows', async () => {
    const a = await freshProduct(1);
    const stock = await stockOf(a);
    const orderId = nextOrder();
    expect((await t.post('/stock/reservations', { orderId, lines: [{ productId: a, quantity: stock + 1 }] })).status).toBe(409);
    expect((await t.post('/stock/reservations', { orderId, lines: [{ productId: a, quantity: stock }] })).status).toBe(201);
    expect(await stockOf(a)).toBe(0);
  });

  it('never oversells: 50 concurrent single-item reservations against stock 5', async () => {
    const a = await freshProduct(5);
    const surplus = (await stockOf(a)) - 5;
    if (surplus > 0) expect((await t.post('/stock/reservations', { orderId: nextOrder(), lines: [{ productId: a, quantity: surplus }] })).status).toBe(201);
    expect(await stockOf(a)).toBe(5);

    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.post('/stock/reservations', { orderId: nextOrder(), lines: [{ productId: a, quantity: 1 }] })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(await stockOf(a)).toBe(0);
  });

  it('answers concurrent duplicates of one order id with one reservation', async () => {
    const a = await freshProduct(10);
    const stock = await stockOf(a);
    const orderId = nextOrder();
    const results = await Promise.all(Array.from({ length: 10 }, () => t.post('/stock/reservations', { orderId, lines: [{ productId: a, quantity: 2 }] })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await stockOf(a)).toBe(stock - 2);
  });

  it('release gives stock back once; commit then release keeps it taken', async () => {
    const a = await freshProduct(4);
    const stock = await stockOf(a);
    const released = nextOrder();
    await t.post('/stock/reservations', { orderId: released, lines: [{ productId: a, quantity: 2 }] });
    const first = await t.post(`/stock/reservations/${released}/release`);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('released');
    expect(await stockOf(a)).toBe(stock);
    expect((await t.post(`/stock/reservations/${released}/release`)).body.status).toBe('released');
    expect(await stockOf(a)).toBe(stock);
    const commitReleased = await t.post(`/stock/reservations/${released}/commit`);
    expect(commitReleased.status).toBe(409);
    expect(commitReleased.body.message).toBe(`Reservation '${released}' is released and cannot be committed`);

    const paid = nextOrder();
    await t.post('/stock/reservations', { orderId: paid, lines: [{ productId: a, quantity: 3 }] });
    const committed = await t.post(`/stock/reservations/${paid}/commit`);
    expect(committed).toMatchObject({ status: 200, body: { orderId: paid, status: 'committed' } });
    expect((await t.post(`/stock/reservations/${paid}/commit`)).body.status).toBe('committed');
    const late = await t.post(`/stock/reservations/${paid}/release`, undefined, {
      'x-internal-token': t.config.internalToken!,
      'content-type': 'application/json',
    });
    expect(late).toMatchObject({ status: 200, body: { status: 'committed' } });
    expect(await stockOf(a)).toBe(stock - 3);
  });

  it('a committed order takes returns back into stock once per return id, never more than it took', async () => {
    const a = await freshProduct(5);
    const b = await freshProduct(5);
    const [stockA, stockB] = [await stockOf(a), await stockOf(b)];
    const paid = nextOrder();
    await t.post('/stock/reservations', {
      orderId: paid,
      lines: [
        { productId: a, quantity: 3 },
        { productId: b, quantity: 1 },
      ],
    });
    const early = await t.post(`/stock/reservations/${paid}/returns`, { returnId: 'refund-1', lines: [{ productId: a, quantity: 1 }] });
    expect(early).toEqual({ status: 409, body: { message: `Reservation '${paid}' is reserved: only a committed one takes returns` } });
    await t.post(`/stock/reservations/${paid}/commit`);

    const first = await t.post(`/stock/reservations/${paid}/returns`, { returnId: 'refund-1', lines: [{ productId: a, quantity: 2 }] });
    expect(first).toEqual({ status: 201, body: { orderId: paid, returnId: 'refund-1', lines: [{ productId: a, quantity: 2 }] } });
    expect(await stockOf(a)).toBe(stockA - 1);
    // The same return again (a retry after a lost answer) changes nothing.
    expect(await t.post(`/stock/reservations/${paid}/returns`, { returnId: 'refund-1', lines: [{ productId: a, quantity: 2 }] })).toEqual({
      status: 200,
      body: first.body,
    });
    expect(await stockOf(a)).toBe(stockA - 1);

    const tooMany = await t.post(`/stock/reservations/${paid}/returns`, { returnId: 'refund-2', lines: [{ productId: a, quantity: 2 }] });
    expect(tooMany).toEqual({ status: 409, body: { message: `Only 1 of product ${a} can be returned to stock for order '${paid}'` } });
    const concurrent = await Promise.all(
      ['refund-3', 'refund-4'].map((returnId) =>
        t.post(`/stock/reservations/${paid}/returns`, {
          returnId,
          lines: [
            { productId: a, quantity: 1 },
            { productId: b, quantity: 1 },
          ],
        }),
      ),
    );
    expect(concurrent.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([stockA, stockB]);
    // A return is not a reservation: it cannot be committed or released through the order's paths.
    expect((await t.post(`/stock/reservations/${paid}/release`)).body.status).toBe('committed');

    expect((await t.post('/stock/reservations/nope/returns', { returnId: 'r', lines: [{ productId: a, quantity: 1 }] })).status).toBe(404);
    expect((await t.post(`/stock/reservations/${paid}/returns`, { returnId: 'has space', lines: [{ productId: a, quantity: 1 }] })).status).toBe(400);
    expect((await t.post(`/stock/reservations/${paid}/returns`, { returnId: 'r', lines: [] })).status).toBe(400);
  });

  it('answers 404 for unknown reservations and 400 for malformed requests', async () => {
    expect(await t.post('/stock/reservations/nope/commit')).toEqual({ status: 404, body: { message: "Reservation 'nope' not found" } });
    expect((await t.post('/stock/reservations/nope/release')).status).toBe(404);
    expect((await t.post('/stock/reservations/bad%20id/commit')).status).toBe(400);
    const bad = [
      '{not json',
      [],
      {},
      { orderId: 'o', lines: [] },
      { orderId: 'o', lines: [{ productId: 1, quantity: 0 }] },
      { orderId: 'o', lines: [{ productId: '1', quantity: 1 }] },
      { orderId: 'o', lines: [{ productId: 1, quantity: 1.5 }] },
      {
        orderId: 'o',
        lines: [
          { productId: 1, quantity: 1 },
          { productId: 1, quantity: 2 },
        ],
      },
      { orderId: 'has space', lines: [{ productId: 1, quantity: 1 }] },
    ];
    for (const body of bad) {
      const response = await t.post('/stock/reservations', body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    const huge = await t.post('/stock/reservations', { orderId: 'big', lines: [], padding: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
  });
});

describe('stock API without INTERNAL_TOKEN', () => {
  it('refuses every call', async () => {
    const t = await startTestServer('sqlite', { SEED_PRODUCTS: '6', INTERNAL_TOKEN: '' });
    try {
      const response = await t.post('/stock/reservations', { orderId: 'o', lines: [{ productId: 1, quantity: 1 }] }, { 'x-internal-token': '' });
      expect(response).toEqual({ status: 401, body: { message: 'The stock API is disabled: INTERNAL_TOKEN is not configured' } });
    } finally {
      await t.close();
    }
  });
});
