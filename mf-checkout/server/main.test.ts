import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runNode, startNodeService, type ManagedProcess } from '../../tools/kit/processes.ts';
import { createStripeGateway } from './payments/stripeGateway.ts';
import { startStripeMock, type StripeMock } from '../../stand-ins/stripe/testing/stripeMock.ts';
import { openSqliteRepository } from './storage/sqlite.ts';
import { startAuthEmulator, type AuthEmulator } from '../../stand-ins/firebase/testing/authService.ts';
import { startFakeCatalog, type FakeCatalog } from './testing/fakeCatalog.ts';
import { billing, checkoutBody, request } from './testing/harness.ts';

jest.setTimeout(90_000);

let emulator: AuthEmulator;
let mock: StripeMock;
let catalog: FakeCatalog;
let dir: string;
const running = new Set<ChildProcess>();

/** `node server/main.ts` exactly as the stack runs it, on a random port. */
async function startService(extraEnv: Record<string, string> = {}): Promise<ManagedProcess & { url: string }> {
  const service = await startNodeService(path.join(__dirname, 'main.ts'), {
    name: 'checkout service',
    env: {
      PORT: '0',
      SQLITE_PATH: path.join(dir, 'orders.db'),
      CATALOG_URL: catalog.url,
      INTERNAL_TOKEN: catalog.token,
      STRIPE_MOCK_URL: mock.url,
      FIREBASE_PROJECT_ID: 'demo-storefront',
      FIREBASE_AUTH_VERIFY_URL: emulator.verifyUrl,
      SESSION_SECRET: 'process-test-session-secret-0123456789',
      PENDING_RECOVERY_SECONDS: '60',
      ...extraEnv,
    },
  });
  running.add(service.child);
  return service;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'checkout-process-'));
  [emulator, mock, catalog] = await Promise.all([
    startAuthEmulator(),
    startStripeMock(),
    startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 50 }]),
  ]);
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await Promise.all([emulator?.stop(), mock?.stop(), catalog?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

test('a bad configuration stops the service with a one-line message', async () => {
  const service = runNode(path.join(__dirname, 'main.ts'), { env: { PORT: 'http', CATALOG_URL: 'nope' } });
  expect(await service.exited).toBe(1);
  expect(service.stderr().trim()).toMatch(/^Invalid checkout service configuration: PORT .*; CATALOG_URL .*$/);
});

test('Firebase ID tokens from the Auth emulator open a session; orders stay with their owner', async () => {
  const service = await startService();
  try {
    const alice = await emulator.signUp(`alice-${randomUUID()}@example.com`, 'secret-password-1');
    const bob = await emulator.signUp(`bob-${randomUUID()}@example.com`, 'secret-password-2');
    const signIn = async (idToken: string) => {
      const answer = await request(`${service.url}/api/checkout/session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
      return { cookie: (answer.headers.get('set-cookie') ?? '').split(';')[0]!, body: answer.body };
    };
    const aliceSession = await signIn(alice.idToken);
    expect(aliceSession.body).toMatchObject({ uid: alice.uid });
    const bobSession = await signIn(bob.idToken);

    const forged = await request(`${service.url}/api/checkout/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.idToken.slice(0, -4)}xxxx` },
    });
    expect(forged.status).toBe(401);

    const paid = await request(`${service.url}/save-stripe-token`, {
      body: checkoutBody(),
      headers: { cookie: aliceSession.cookie },
    });
    expect(paid.status).toBe(200);

    const mine = await request(`${service.url}/api/checkout/orders`, { headers: { cookie: aliceSession.cookie } });
    expect(mine.body.orders.map((o: { id: string }) => o.id)).toEqual([paid.body.orderId]);
    const bobs = await request(`${service.url}/api/checkout/orders`, { headers: { cookie: bobSession.cookie } });
    expect(bobs.body.orders).toEqual([]);
    const stolen = await request(`${service.url}/api/checkout/orders/${paid.body.orderId}`, {
      headers: { cookie: bobSession.cookie },
    });
    expect(stolen.status).toBe(404);
  } finally {
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  }
});

test('kill -9 after a charge went through: the restarted service makes the order paid', async () => {
  const first = await startService();
  // What a process killed between "charge sent" and "order marked paid" leaves behind.
  const repository = await openSqliteRepository(path.join(dir, 'orders.db'));
  const createdAt = new Date(Date.now() - 5 * 60_000).toISOString();
  const { order } = await repository.createPending({
    id: randomUUID(),
    idempotencyKey: randomUUID(),
    requestHash: 'h',
    uid: null,
    email: 'ada@example.com',
    billing: billing(),
    currency: 'usd',
    coupon: null,
    createdAt,
  });
  await fetch(`${catalog.url}/stock/reservations`, {
    method: 'POST',
    headers: { 'x-internal-token': catalog.token, 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: order.id, lines: [{ productId: 1, quantity: 3 }] }),
  });
  const lines = [{ productId: '1', title: 'Oak Side Table', unitCents: 1999, quantity: 3, lineCents: 5997 }];
  await repository.recordPricing(order.id, lines, { subtotalCents: 5997, discountCents: 0, totalCents: 5997 }, createdAt);
  await repository.markChargeStarted(order.id, 'tok_visa', createdAt);
  const charge = await createStripeGateway({ secretKey: undefined, mockUrl: mock.url }).charge({
    orderId: order.id,
    orderNumber: order.number,
    amountCents: 5997,
    currency: 'usd',
    source: 'tok_visa',
    description: 'x',
    receiptEmail: 'ada@example.com',
  });
  first.child.kill('SIGKILL');
  await first.exited;
  expect((await repository.findById(order.id))?.status).toBe('pending');

  const second = await startService();
  try {
    const deadline = Date.now() + 10_000;
    while ((await repository.findById(order.id))?.stockSettled !== true && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await repository.findById(order.id)).toMatchObject({
      status: 'paid',
      paymentId: charge.outcome === 'succeeded' ? charge.paymentId : 'missing',
      stockSettled: true,
    });
    expect(catalog.reservations.get(order.id)?.status).toBe('committed');
  } finally {
    await repository.close();
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }
});
