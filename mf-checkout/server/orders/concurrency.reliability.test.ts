// Concurrency and faults with real processes: the catalogue service (mf-catalog/server/main.ts) on
// PostgreSQL, two instances of this checkout service (main.ts) sharing one PostgreSQL schema, and the
// local Stripe (stripe-stateful-mock). 200 shoppers (each its own client address) try to buy the same
// item at once, 10 in stock: exactly 10 are charged and paid, stock ends at 0, nobody is charged
// twice (counted in Stripe), every other shopper gets a clear 409. Then the payment server and the
// catalogue go down in turn: a clear 503 each time, nothing charged, the stock given back.
//
// The kill -9 recovery test is in ../main.test.ts ("kill -9 after a charge went through").
// CONCURRENT_CHECKOUTS and CONCURRENT_STOCK widen the run; `npm run soak` runs it with 1000 for 50.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runNode, type ManagedProcess } from '../../../tools/kit/processes.ts';
import { startStripeMock, type StripeMock } from '../../../stand-ins/stripe/testing/stripeMock.ts';
import { billing } from '../testing/harness.ts';
import { TEST_DATABASE_URL } from '../testing/postgres.ts';

const SHOPPERS = Number(process.env.CONCURRENT_CHECKOUTS ?? 200);
const STOCK = Number(process.env.CONCURRENT_STOCK ?? 10);
const PRICE_CENTS = 2500;

jest.setTimeout(180_000);

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const INTERNAL_TOKEN = `concurrency-${randomBytes(8).toString('hex')}`;
const suffix = randomBytes(5).toString('hex');
const catalogSchema = `reliability_catalog_${suffix}`;
const ordersSchema = `reliability_orders_${suffix}`;

type Service = ManagedProcess & { url: string };
const running = new Set<ChildProcess>();

function spawnNode(script: string, env: Record<string, string>): ManagedProcess {
  const { ARGS, ...rest } = env;
  const started = runNode(path.join(repoRoot, script), { cwd: repoRoot, env: rest, args: ARGS ? ARGS.split(' ') : [] });
  running.add(started.child);
  void started.exited.then(() => running.delete(started.child));
  return started;
}

async function startService(script: string, env: Record<string, string>, ready: RegExp): Promise<Service> {
  const started = spawnNode(script, env);
  const match = await started.waitFor(ready, 60_000);
  return Object.assign(started, { url: match[1]! });
}

const catalogEnv = () => ({
  DATABASE_URL: TEST_DATABASE_URL,
  DATABASE_SCHEMA: catalogSchema,
  SEED_PRODUCTS: '0',
  INTERNAL_TOKEN,
  PORT: '0',
});

async function query<R extends pg.QueryResultRow>(schema: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

let dir: string;
let mock: StripeMock;
let catalog: Service;
const instances: Service[] = [];

async function startCheckout(): Promise<Service> {
  return startService(
    'mf-checkout/server/main.ts',
    {
      PORT: '0',
      DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${ordersSchema}`)}`,
      CATALOG_URL: catalog.url,
      INTERNAL_TOKEN,
      STRIPE_MOCK_URL: mock.url,
      FIREBASE_PROJECT_ID: 'demo-storefront',
      // Guests only: nobody signs in, so the token check is never asked.
      FIREBASE_AUTH_VERIFY_URL: 'http://127.0.0.1:9/',
      SESSION_SECRET: 'concurrency-test-session-secret-0123456789',
      LOG_LEVEL: 'info',
    },
    /listening on (http:\/\/[0-9.]+:\d+)/,
  );
}

async function checkout(instance: Service, shopper: number, productId: number, idempotencyKey = randomUUID()) {
  const response = await fetch(`${instance.url}/save-stripe-token`, {
    method: 'POST',
    // Each shopper comes from its own address (the gateway forwards it), as real shoppers do.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(shopper >> 16) & 255}.${(shopper >> 8) & 255}.${shopper & 255}` },
    body: JSON.stringify({
      token: { id: 'tok_visa' },
      email: `shopper-${shopper}@example.com`,
      lines: [{ id: productId, qun: 1 }],
      billing: billing({ email: `shopper-${shopper}@example.com` }),
      idempotencyKey,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, idempotencyKey };
}

/** Every charge the local Stripe holds (this test's own instance, so only ours). */
async function charges(): Promise<{ id: string; status: string; amount: number; metadata: { order_id?: string } }[]> {
  const all = [];
  let after: string | undefined;
  for (;;) {
    const response = await fetch(`${mock.url}/v1/charges?limit=100${after ? `&starting_after=${after}` : ''}`, {
      headers: { authorization: 'Bearer sk_test_local' },
    });
    const page = (await response.json()) as { data: { id: string; status: string; amount: number; metadata: { order_id?: string } }[]; has_more: boolean };
    all.push(...page.data);
    if (!page.has_more || page.data.length === 0) return all;
    after = page.data.at(-1)!.id;
  }
}

const stockOf = async (id: number) => (await query<{ stock: number }>(catalogSchema, `SELECT stock FROM products WHERE id = ${id}`))[0]!.stock;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'checkout-concurrency-'));
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${ordersSchema}`);
  await admin.end();
  // The catalogue: one scarce item, one plentiful, one for the fault tests; loaded with the importer.
  const product = (id: number, title: string, stock: number) => ({
    id,
    title,
    description: 'Reliability test item',
    category: 'furniture',
    price: PRICE_CENTS / 100,
    stock,
    brand: 'Test',
    thumbnail: `/images/${id}.svg`,
  });
  const source = path.join(dir, 'catalogue.json');
  writeFileSync(
    source,
    JSON.stringify({ products: [product(1, 'Limited Edition Lamp', STOCK), product(2, 'Oak Side Table', 1000), product(3, 'Walnut Shelf', 5)] }),
  );
  const importer = spawnNode('mf-catalog/server/cli/import.ts', { ...catalogEnv(), ARGS: source });
  if ((await importer.exited) !== 0) throw new Error(`import failed: ${importer.output()}`);
  [mock, catalog] = await Promise.all([startStripeMock(), startService('mf-catalog/server/main.ts', catalogEnv(), /listening on (http:\/\/[0-9.]+:\d+)/)]);
  // Both instances migrate the same schema at start-up; start one first so the other finds it ready.
  instances.push(await startCheckout());
  instances.push(await startCheckout());
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await mock?.stop();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${ordersSchema} CASCADE; DROP SCHEMA IF EXISTS ${catalogSchema} CASCADE`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

test(`${SHOPPERS} concurrent checkouts on two instances for stock ${STOCK}: exactly ${STOCK} paid and charged once, the rest a clear 409`, async () => {
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: SHOPPERS }, (_, shopper) => checkout(instances[shopper % 2]!, shopper, 1)));
  const seconds = (Date.now() - started) / 1000;

  const paid = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status !== 200);
  expect(paid).toHaveLength(STOCK);
  expect(new Set(refused.map((answer) => `${answer.status} ${answer.body.code}`))).toEqual(new Set(['409 out_of_stock']));
  for (const { body } of refused) expect(body.message).toMatch(/^(Limited Edition Lamp is out of stock|Only \d+ left of Limited Edition Lamp)$/);
  for (const { body } of paid) expect(body).toMatchObject({ status: 'paid', totalCents: PRICE_CENTS });

  expect(await stockOf(1)).toBe(0);
  const reservations = await query<{ status: string; n: number }>(catalogSchema, 'SELECT status, count(*)::int AS n FROM stock_reservations GROUP BY status');
  expect(reservations).toEqual([{ status: 'committed', n: STOCK }]);
  const orders = await query<{ status: string; n: number }>(ordersSchema, 'SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status');
  expect(orders).toEqual([
    { status: 'failed', n: SHOPPERS - STOCK },
    { status: 'paid', n: STOCK },
  ]);

  // One charge per paid order, for the catalogue price, under that order's id.
  const made = await charges();
  expect(made).toHaveLength(STOCK);
  expect(made.every((charge) => charge.status === 'succeeded' && charge.amount === PRICE_CENTS)).toBe(true);
  expect(new Set(made.map((charge) => charge.metadata.order_id))).toEqual(new Set(paid.map((answer) => answer.body.orderId)));

  // The paid shoppers retry on the other instance (a lost answer, a double click): same orders, no new charge.
  const retries = await Promise.all(paid.map((answer, i) => checkout(instances[i % 2 === 0 ? 1 : 0]!, i, 1, answer.idempotencyKey)));
  expect(retries.map((retry) => [retry.status, retry.body.orderId])).toEqual(paid.map((answer) => [200, answer.body.orderId]));
  expect(await charges()).toHaveLength(STOCK);
  console.log(
    `${SHOPPERS} concurrent checkouts for stock ${STOCK} on two instances: ${seconds.toFixed(2)} s, ${paid.length} paid, ${refused.length} x 409, ${made.length} charges`,
  );
});

test('payment server down: a clear 503, nothing charged, the order failed and its stock given back', async () => {
  await mock.stop();
  const answer = await checkout(instances[0]!, 1_000_000, 3);
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({
    code: 'payment_unavailable',
    message: expect.stringMatching(/^The payment service is unavailable right now\. You have not been charged/),
  });
  expect(await stockOf(3)).toBe(5);
  expect(await query(ordersSchema, `SELECT status, failure_code FROM orders WHERE email = 'shopper-1000000@example.com'`)).toEqual([
    { status: 'failed', failure_code: 'payment_unavailable' },
  ]);
  mock = await startStripeMock({ port: mock.port });
  // Back on the same address (the instances keep theirs), empty: the retry is its only charge.
  const retry = await checkout(instances[1]!, 1_000_001, 3);
  expect(retry.status).toBe(200);
  expect(await stockOf(3)).toBe(4);
  expect(await charges()).toHaveLength(1);
});

test('catalogue down: a clear 503, nothing charged, and checkout works again once it is back', async () => {
  catalog.child.kill('SIGKILL');
  await catalog.exited;
  const answer = await checkout(instances[1]!, 1_000_002, 3);
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({
    code: 'catalog_unavailable',
    message: expect.stringMatching(/^Our catalogue is unavailable right now.*You have not been charged/),
  });
  expect(await charges()).toHaveLength(1);

  catalog = await startService('mf-catalog/server/main.ts', { ...catalogEnv(), PORT: new URL(catalog.url).port }, /listening on (http:\/\/[0-9.]+:\d+)/);
  const retry = await checkout(instances[0]!, 1_000_003, 3);
  expect(retry.status).toBe(200);
  expect(await stockOf(3)).toBe(3);
  expect(await charges()).toHaveLength(2);
});
