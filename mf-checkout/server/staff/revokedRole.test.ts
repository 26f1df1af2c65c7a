// A role taken away stops working at the member's next change, against the shop's real local Auth
// service: an admin whose role was revoked (the staff command's calls: the claim removed, the
// sessions ended) is refused a refund with the ID token that still carries the claim, while a staff
// member whose role stands keeps working; read-only views trust the token until it expires.
import { randomUUID } from 'node:crypto';
import { createCurrentRoles, createIdentityToolkit, createIdTokenVerifier } from 'service-kit/firebase-auth';
import { startAuthEmulator, type AuthEmulator } from '../../../stand-ins/firebase/testing/authService.ts';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';

jest.setTimeout(120_000);

const projectId = 'demo-storefront';
let auth: AuthEmulator;
let catalog: FakeCatalog;
let storage: TestStorage;
let server: TestServer;

beforeAll(async () => {
  auth = await startAuthEmulator(projectId);
  catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 5 }]);
  storage = await openTestRepository('sqlite');
  const source = { projectId, authVerifyUrl: auth.verifyUrl };
  server = await startTestServer({
    repository: storage.repository,
    catalog,
    stripeMockUrl: 'http://127.0.0.1:9',
    deps: { verifier: createIdTokenVerifier(source), currentRoles: createCurrentRoles(source) },
  });
});

afterAll(async () => {
  await server?.stop();
  await storage?.cleanup();
  await catalog?.close();
  await auth?.stop();
});

const toolkit = () => createIdentityToolkit({ kind: 'emulator', hostAndPort: auth.hostAndPort, projectId, adminSecret: auth.adminSecret });

/** A member with `role`, signed in after it was granted: their ID token carries it. */
async function member(email: string, role: 'staff' | 'admin'): Promise<string> {
  await auth.signUp(email, 'staff-pass-1');
  const account = (await toolkit().findByEmail(email))!;
  await toolkit().setRole(account, role);
  return (await auth.signIn(email, 'staff-pass-1')).idToken;
}

async function paidOrder(): Promise<string> {
  const id = randomUUID();
  await storage.repository.createPending({
    id,
    idempotencyKey: `revoked-role-${id}`,
    requestHash: 'h',
    uid: 'shopper-1',
    email: 'ada@example.com',
    billing: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United Kingdom',
      street: '1 Square',
      city: 'London',
      postCode: 'SW1',
      phone: '+44 20',
      email: 'ada@example.com',
    },
    currency: 'usd',
    coupon: null,
    createdAt: new Date().toISOString(),
  });
  await storage.repository.markPaid(id, `pi_${id.slice(0, 8)}`, new Date().toISOString());
  return id;
}

const as = (idToken: string) => ({ authorization: `Bearer ${idToken}`, 'idempotency-key': randomUUID() });

test("a revoked admin's next refund is refused though their token still says admin; staff whose role stands keep working", async () => {
  const ann = await member('ann-admin@shop.example', 'admin');
  const sam = await member('sam-staff@shop.example', 'staff');
  const orderId = await paidOrder();

  const account = (await toolkit().findByEmail('ann-admin@shop.example'))!;
  await toolkit().setRole(account, null);
  await toolkit().revokeSessions(account.uid);

  const refund = await request(`${server.url}/api/checkout/staff/orders/${orderId}/refunds`, { headers: as(ann), body: {} });
  expect(refund).toMatchObject({ status: 403, body: { message: 'This needs the admin role' } });
  const cancel = await request(`${server.url}/api/checkout/staff/orders/${orderId}/cancel`, { headers: as(ann), body: {} });
  expect(cancel.status).toBe(403);
  expect(await storage.repository.listRefunds(orderId)).toEqual([]);
  // A read-only view trusts the token's claim until the token expires (at most an hour).
  expect(await request(`${server.url}/api/checkout/staff/me`, { headers: as(ann) })).toMatchObject({ status: 200, body: { role: 'admin' } });

  const packed = await request(`${server.url}/api/checkout/staff/orders/${orderId}/pack`, { headers: as(sam), body: {} });
  expect(packed).toMatchObject({ status: 200, body: { status: 'packed' } });
});
