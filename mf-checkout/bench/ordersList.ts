// The staff's order list at scale (issue #37): a throw-away PostgreSQL schema filled with N orders
// and their lines by set-based SQL, the checkout service on it, and GET /api/checkout/staff/orders
// asked one request at a time (a back office is a few people, not a crowd) with and without
// filters and search; p50 and p99 per row. Run by `npm run bench -- --only orders`.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createCheckoutServer } from '../server/app.ts';
import type { CheckoutConfig } from '../server/config.ts';
import { type IdTokenVerifier, InvalidIdTokenError } from 'service-kit/firebase-auth';
import { openPostgresRepository } from '../server/storage/postgres.ts';

export interface OrdersListRow {
  name: string;
  query: string;
  requests: number;
  p50: number;
  p99: number;
  /** Orders on the first page answered, averaged: a filter that finds nothing measures little. */
  meanFound: number;
}

export interface OrdersListRun {
  orders: number;
  fillSeconds: number;
  /**
   * The same service's GET /healthz (no database, no JSON to speak of), asked the same way in the same
   * run, measured between the rows: what the machine alone adds to a round trip at that moment.
   */
  reference: OrdersListRow | null;
  rows: OrdersListRow[];
  loadAverage: number[];
  error?: string;
}

const STATUSES: [string, number][] = [
  ['delivered', 70],
  ['shipped', 10],
  ['packed', 5],
  ['paid', 5],
  ['failed', 4],
  ['cancelled', 3],
  ['refunded', 2],
  ['pending', 1],
];

/** A status per order by its sequence number, in the proportions above (a shop's typical mix). */
function statusCase(column: string): string {
  let upTo = 0;
  const branches = STATUSES.map(([status, share]) => {
    upTo += share;
    return `WHEN ${column} % 100 < ${upTo} THEN '${status}'`;
  });
  return `CASE ${branches.join(' ')} END`;
}

/** N orders over two years, newest last, 1-3 lines each, 200,000 distinct shoppers' e-mails. */
export async function fillOrders(client: pg.Client, orders: number, log: (line: string) => void): Promise<void> {
  const chunk = 100_000;
  for (let from = 1; from <= orders; from += chunk) {
    const to = Math.min(orders, from + chunk - 1);
    await client.query(
      `INSERT INTO orders (id, idempotency_key, request_hash, uid, email, billing, status, subtotal_cents, discount_cents, total_cents,
                           currency, coupon, payment_id, payment_source, charge_started_at, stock_settled, refunded_cents, created_at, updated_at)
       SELECT md5(i::text)::uuid::text, 'bench-' || i, 'h', 'uid-' || (i % 200000),
              'customer' || (i % 200000) || '@example' || (i % 7) || '.com',
              jsonb_build_object('firstName', 'Ada', 'lastName', 'Customer ' || (i % 200000), 'country', 'United Kingdom', 'street', i || ' High Street',
                                 'city', 'London', 'postCode', 'SW1', 'phone', '+44 20 7946 0000', 'email', 'customer' || (i % 200000) || '@example' || (i % 7) || '.com'),
              s.status, 1000 + (i % 50) * 100, 0, 1000 + (i % 50) * 100, 'usd', NULL,
              CASE WHEN s.status IN ('pending', 'failed') THEN NULL ELSE 'pi_bench_' || i END, 'pm_card_visa', t.at, true,
              CASE WHEN s.status IN ('cancelled', 'refunded') THEN 1000 + (i % 50) * 100 WHEN i % 97 = 0 AND s.status = 'delivered' THEN 500 ELSE 0 END,
              t.at, t.at
       FROM generate_series($1::int, $2::int) AS i,
            LATERAL (SELECT ${statusCase('i')} AS status) s,
            LATERAL (SELECT timestamptz '2024-11-27' + (i::float8 / $3::float8) * interval '730 days' AS at) t
       ORDER BY i`,
      [from, to, orders],
    );
    await client.query(
      `INSERT INTO order_lines (order_id, position, product_id, title, unit_cents, quantity, line_cents)
       SELECT md5(i::text)::uuid::text, p, ((i * 7 + p) % 1000 + 1)::text, 'Product ' || ((i * 7 + p) % 1000 + 1), 1000, 1, 1000
       FROM generate_series($1::int, $2::int) AS i, generate_series(0, i % 3) AS p`,
      [from, to],
    );
    log(`[bench] orders: ${to.toLocaleString('en-US')} of ${orders.toLocaleString('en-US')} inserted`);
  }
  await client.query('ANALYZE orders; ANALYZE order_lines');
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The checkout service's settings for the bench: its own database, nothing else reachable, no limits. */
function benchConfig(databaseUrl: string): CheckoutConfig {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    sqlitePath: ':memory:',
    catalogUrl: 'http://127.0.0.1:9',
    internalToken: 'bench-internal-token-0123',
    stripe: { secretKey: undefined, mockUrl: 'http://127.0.0.1:9', localUrl: 'http://127.0.0.1:9', webhookSecret: undefined, intentTimeoutSeconds: 1800 },
    firebase: { projectId: 'demo-storefront', authVerifyUrl: undefined, tokenKeysUrl: undefined },
    sessionSecret: 'bench-session-secret-0123456789abcdef',
    recoveryAfterSeconds: 3600,
    rateLimits: { checkoutPerMinute: 0, sessionPerMinute: 0, couponPerMinute: 0, ordersPerMinute: 0, passwordResetPerMinute: 0 },
    redisUrl: undefined,
    shutdownDelayMs: 0,
    shutdownGraceMs: 10_000,
    mail: {
      smtpUrl: undefined,
      from: 'Storefront <shop@storefront.localhost>',
      shopName: 'Storefront',
      publicOrigin: 'http://localhost:3000',
      maxAttempts: 10,
      retryBaseMs: 5_000,
      retryMaxMs: 300_000,
      pollMs: 1_000,
      sentRetentionDays: 30,
    },
    auth: { emulatorHost: undefined, credentialsFile: undefined },
  };
}

export async function benchOrdersList(options: { databaseUrl: string; orders: number; requests: number; log: (line: string) => void }): Promise<OrdersListRun> {
  const schema = `orders_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const run: OrdersListRun = { orders: options.orders, fillSeconds: 0, reference: null, rows: [], loadAverage: [] };
  try {
    const repository = await openPostgresRepository({ connectionString: options.databaseUrl, schema });
    const filler = new pg.Client({ connectionString: options.databaseUrl, options: `-c search_path=${schema}` });
    await filler.connect();
    const started = Date.now();
    try {
      await fillOrders(filler, options.orders, options.log);
    } finally {
      await filler.end();
    }
    run.fillSeconds = (Date.now() - started) / 1000;

    // The staff member's token is taken at its word: the bench measures the list, not Firebase.
    const verifier: IdTokenVerifier = {
      async verify(token) {
        if (token !== 'bench-staff') throw new InvalidIdTokenError('not the bench token');
        return { uid: 'bench', email: 'bench@shop.example', exp: Math.floor(Date.now() / 1000) + 3600, role: 'staff' };
      },
    };
    const config = benchConfig(options.databaseUrl);
    const server = await createCheckoutServer(config, { repository, verifier, recoveryIntervalMs: 0 });
    const base = await server.listen();
    try {
      const get = async (query: string) => {
        const response = await fetch(`${base}/api/checkout/staff/orders?${query}`, { headers: { authorization: 'Bearer bench-staff' } });
        const body = (await response.json()) as { orders?: unknown[]; nextCursor?: string | null; message?: string };
        if (!response.ok) throw new Error(`GET /api/checkout/staff/orders?${query} answered ${response.status}: ${body.message}`);
        return body;
      };
      const random = (n: number) => Math.floor(Math.random() * n);
      /** A cursor as the list gives it out, for an order anywhere in the table: a deep page. */
      const deepCursor = () => {
        const i = 1 + random(options.orders);
        const at = new Date(Date.parse('2024-11-27T00:00:00Z') + (i / options.orders) * 730 * 86_400_000).toISOString();
        return Buffer.from(JSON.stringify({ c: at, n: 1000 + i })).toString('base64url');
      };
      const week = () => {
        const start = new Date(Date.parse('2024-11-27T00:00:00Z') + random(720) * 86_400_000);
        return `from=${start.toISOString().slice(0, 10)}&to=${new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10)}`;
      };
      const rows: [string, string, () => string][] = [
        ['newest first, no filter', 'limit=50', () => 'limit=50'],
        ['a deep page (cursor anywhere)', 'cursor=…', () => `limit=50&cursor=${deepCursor()}`],
        ['status shipped', 'status=shipped', () => 'status=shipped&limit=50'],
        ['status pending (rare)', 'status=pending', () => 'status=pending&limit=50'],
        ['a week, status paid', 'from=…&to=…&status=paid', () => `${week()}&status=paid&limit=50`],
        ['payment refunded', 'payment=refunded', () => 'payment=refunded&limit=50'],
        ['payment partially refunded (rare)', 'payment=partially_refunded', () => 'payment=partially_refunded&limit=50'],
        ['search: order number', 'q=#N', () => `q=%23${1001 + random(options.orders)}`],
        ['search: whole e-mail', 'q=customerN@exampleM.com', () => `q=${encodeURIComponent(`customer${random(200_000)}@example${random(7)}.com`)}`],
        ['search: e-mail prefix', 'q=customerN', () => `q=customer${random(200_000)}&limit=50`],
        ['search: e-mail prefix and status', 'q=customerN&status=delivered', () => `q=customer${random(200_000)}&status=delivered&limit=50`],
      ];
      const health = async () => {
        const response = await fetch(`${base}/healthz`);
        await response.arrayBuffer();
        return { orders: [] };
      };
      /** Times of `count` requests after 5 unrecorded, sorted, and the orders their answers held. */
      const time = async (count: number, ask: () => Promise<{ orders?: unknown[] }>) => {
        for (let i = 0; i < 5; i++) await ask();
        const times: number[] = [];
        let found = 0;
        for (let i = 0; i < count; i++) {
          const started = performance.now();
          const body = await ask();
          times.push(performance.now() - started);
          found += body.orders?.length ?? 0;
        }
        return { times, found };
      };
      const row = (name: string, shown: string, times: number[], found: number): OrdersListRow => {
        times.sort((a, b) => a - b);
        options.log(`[bench] orders list: ${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
        return { name, query: shown, requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99), meanFound: found / times.length };
      };
      // The reference is asked in slices before each row, so that together they saw the machine the rows saw.
      const referenceTimes: number[] = [];
      const slice = Math.max(20, Math.ceil(options.requests / 4));
      for (const [name, shown, query] of rows) {
        referenceTimes.push(...(await time(slice, health)).times);
        const { times, found } = await time(options.requests, () => get(query()));
        run.rows.push(row(name, shown, times, found));
      }
      run.reference = row('reference: GET /healthz', '/healthz', referenceTimes, 0);
    } finally {
      await server.close();
      await repository.close();
    }
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
  } finally {
    run.loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  }
  return run;
}
