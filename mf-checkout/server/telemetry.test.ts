// Traces and logs of a paid order with real processes (each started from its main.ts, so tracing
// starts as in production, before http and pg load): the catalogue, this checkout service on
// PostgreSQL, and the local Stripe (stripe-stateful-mock). The order's request comes with a W3C
// traceparent; the spans both services export (to an OTLP receiver in this test) continue that
// trace through the checkout's request span, its PostgreSQL queries, the catalogue's stock call and
// the charge at Stripe; the checkout's log lines carry the request and trace ids and no token.
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startOtlpReceiver, type OtlpReceiver } from 'service-kit/testing';
import { runNode, type ManagedProcess } from '../../tools/kit/processes.ts';
import { billing } from './testing/harness.ts';
import { createTestSchema } from './testing/postgres.ts';
import { startStripeMock, type StripeMock } from '../../stand-ins/stripe/testing/stripeMock.ts';

jest.setTimeout(120_000);

const repoRoot = path.resolve(__dirname, '..', '..');
const INTERNAL_TOKEN = `telemetry-${randomBytes(8).toString('hex')}`;
const SERVER = 2;
const CLIENT = 3;

type Service = ManagedProcess & { url: string };
const running = new Set<ChildProcess>();
let receiver: OtlpReceiver;
let mock: StripeMock;
let catalog: Service;
let checkout: Service;
let schema: Awaited<ReturnType<typeof createTestSchema>>;
let dir: string;

async function startService(script: string, env: Record<string, string>): Promise<Service> {
  const started = runNode(path.join(repoRoot, script), {
    cwd: repoRoot,
    env: { ...env, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100', LOG_LEVEL: 'info' },
  });
  running.add(started.child);
  const match = await started.waitFor(/listening on (http:\/\/[0-9.]+:\d+)/, 60_000);
  return Object.assign(started, { url: match[1]! });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'checkout-telemetry-'));
  [receiver, schema] = await Promise.all([startOtlpReceiver(), createTestSchema()]);
  [mock, catalog] = await Promise.all([
    startStripeMock(),
    startService('mf-catalog/server/main.ts', { PORT: '0', SQLITE_PATH: path.join(dir, 'catalog.db'), SEED_PRODUCTS: '20', INTERNAL_TOKEN }),
  ]);
  checkout = await startService('mf-checkout/server/main.ts', {
    PORT: '0',
    DATABASE_URL: `${schema.url}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`,
    CATALOG_URL: catalog.url,
    INTERNAL_TOKEN,
    STRIPE_MOCK_URL: mock.url,
    FIREBASE_PROJECT_ID: 'demo-storefront',
    // Guests only: nobody signs in, so the token check is never asked.
    FIREBASE_AUTH_VERIFY_URL: 'http://127.0.0.1:9/',
    SESSION_SECRET: 'telemetry-test-session-secret-0123456789',
  });
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await mock?.stop();
  await receiver?.close();
  await schema?.drop();
  rmSync(dir, { recursive: true, force: true });
});

test('a paid order is one trace: the checkout, its PostgreSQL queries, the stock call and the charge at Stripe', async () => {
  const { products } = (await (await fetch(`${catalog.url}/products?limit=20`)).json()) as { products: { id: number; stock: number }[] };
  const product = products.find((candidate) => candidate.stock > 5)!;
  const traceId = randomBytes(16).toString('hex');
  const callerSpan = randomBytes(8).toString('hex');
  const response = await fetch(`${checkout.url}/save-stripe-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpan}-01`, 'x-request-id': 'telemetry-test-0001' },
    body: JSON.stringify({
      token: { id: 'tok_visa' },
      email: 'traced@example.com',
      lines: [{ id: product.id, qun: 1 }],
      billing: billing({ email: 'traced@example.com' }),
      idempotencyKey: randomUUID(),
    }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-request-id')).toBe('telemetry-test-0001');
  expect(await response.json()).toMatchObject({ status: 'paid' });

  const spans = await receiver.waitFor((all) => {
    const trace = all.filter((span) => span.traceId === traceId);
    return (
      trace.some((span) => span.service === 'checkout' && span.kind === SERVER) &&
      trace.some((span) => span.service === 'catalog' && span.kind === SERVER) &&
      trace.some((span) => span.attributes['db.system.name'] === 'postgresql') &&
      trace.some((span) => span.kind === CLIENT && span.attributes['server.port'] === mock.port)
    );
  });
  const trace = spans.filter((span) => span.traceId === traceId);
  // The caller's trace goes on: the checkout's request span is the child of the caller's span.
  const request = trace.find((span) => span.service === 'checkout' && span.kind === SERVER)!;
  expect(request).toMatchObject({ name: 'POST /save-stripe-token', parentSpanId: callerSpan });
  // PostgreSQL queries (the pg instrumentation, with pg loaded by an ES import) and the charge.
  expect(trace.filter((span) => span.attributes['db.system.name'] === 'postgresql').length).toBeGreaterThan(2);
  const charge = trace.find((span) => span.kind === CLIENT && span.attributes['server.port'] === mock.port)!;
  expect(charge).toMatchObject({ service: 'checkout', name: 'POST', attributes: { 'server.address': '127.0.0.1', 'url.full': `${mock.url}/v1/charges` } });
  // The stock reservation at the catalogue, named by its route template.
  expect(trace.filter((span) => span.service === 'catalog' && span.kind === SERVER).map((span) => span.name)).toContain('POST /stock/reservations');

  // The checkout's lines for the request carry its id and the trace, and not the card's token.
  const lines = checkout
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = lines.filter((line) => line.req_id === 'telemetry-test-0001');
  expect(requestLines.length).toBeGreaterThanOrEqual(2);
  for (const line of requestLines) expect(line).toMatchObject({ service: 'checkout', trace_id: traceId });
  expect(checkout.output()).not.toContain('tok_visa');
});
