// Every staff endpoint, taken from the table the service registers them from, refuses whoever is
// not staff: a signed-out visitor (401), a signed-in shopper (403), staff on an admin-only endpoint
// (403), a forged or unknown token (401), a request from another site's page (403) and a shopper's
// session cookie (401: staff endpoints take bearer tokens only); every change also refuses a token
// whose role the account no longer holds (403), and waits for an answer on the role (503). Nothing is
// read or changed.
import { randomUUID } from 'node:crypto';
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';
import { type CurrentRoles, type IdTokenVerifier, InvalidIdTokenError, RoleUncheckableError, staffRoleOf } from 'service-kit/firebase-auth';
import { STAFF_ROUTES } from './routes.ts';

/** "token:<uid>:<role or shopper>" stands in for a verified Firebase ID token with that custom claim. */
const verifier: IdTokenVerifier = {
  async verify(idToken) {
    const [kind, uid, role] = idToken.split(':');
    if (kind !== 'token' || !uid) throw new InvalidIdTokenError('not a test token');
    return { uid, email: `${uid}@example.com`, exp: Math.floor(Date.now() / 1000) + 3600, role: staffRoleOf({ role }) };
  },
};

/** The accounts as the Auth service has them now: "revoked-1" lost its admin role, "away-1" cannot be asked about. */
const currentRoles: CurrentRoles = {
  async roleOf(identity) {
    if (identity.uid === 'revoked-1') return null;
    if (identity.uid === 'away-1') throw new RoleUncheckableError('the Auth service does not answer');
    return identity.role ?? null;
  },
};

let storage: TestStorage;
let catalog: FakeCatalog;
let server: TestServer;
let orderId: string;

beforeAll(async () => {
  storage = await openTestRepository('sqlite');
  catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 5 }]);
  server = await startTestServer({ repository: storage.repository, catalog, stripeMockUrl: 'http://127.0.0.1:9', deps: { verifier, currentRoles } });
  orderId = randomUUID();
  await storage.repository.createPending({
    id: orderId,
    idempotencyKey: 'access-test-order',
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
  await storage.repository.markPaid(orderId, 'pi_access_test', new Date().toISOString());
});

afterAll(async () => {
  await server?.stop();
  await catalog?.close();
  await storage?.cleanup();
});

const routes = STAFF_ROUTES.map((route) => [`${route.method} ${route.url}`, route] as const);

function call(route: (typeof STAFF_ROUTES)[number], headers: Record<string, string>) {
  const url = `${server.url}${route.url.replace(':id', orderId)}`;
  return request(url, {
    method: route.method,
    headers: { 'idempotency-key': randomUUID(), ...headers },
    ...(route.method === 'POST' ? { body: route.name === 'ship' ? { carrier: 'dhl', trackingNumber: 'JD0146000033' } : {} } : {}),
  });
}

async function expectUnchanged(): Promise<void> {
  const order = await storage.repository.findById(orderId);
  expect(order).toMatchObject({ status: 'paid', refundedCents: 0 });
  expect((await storage.repository.listEvents(orderId)).map((event) => event.type)).toEqual(['payment_succeeded']);
  expect(await storage.repository.listRefunds(orderId)).toEqual([]);
}

test('the table names every staff route the service has', () => {
  const registered = server.server.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .filter((line) => line.includes('/api/checkout/staff'));
  const paths = new Set<string>(STAFF_ROUTES.map((route) => route.url));
  expect(registered.length).toBeGreaterThan(0);
  for (const line of registered) expect(paths.has(/(\/api\/checkout\/staff\S*)/.exec(line)![1]!)).toBe(true);
});

describe.each(routes)('%s', (_name, route) => {
  test('signed out: 401', async () => {
    const answer = await call(route, {});
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/^Sign in as staff/);
    await expectUnchanged();
  });

  test('a token that is not genuine: 401', async () => {
    const answer = await call(route, { authorization: 'Bearer forged:admin-1:admin' });
    expect(answer.status).toBe(401);
    await expectUnchanged();
  });

  test('a shopper with a session cookie but no bearer token: 401', async () => {
    const session = await request(`${server.url}/api/checkout/session`, { method: 'POST', headers: { authorization: 'Bearer token:shopper-1:shopper' } });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/=/);
    const answer = await call(route, { cookie });
    expect(answer.status).toBe(401);
    await expectUnchanged();
  });

  test('a signed-in shopper: 403', async () => {
    const answer = await call(route, { authorization: 'Bearer token:shopper-1:shopper' });
    expect(answer.status).toBe(403);
    await expectUnchanged();
  });

  test("staff, from another site's page: 403", async () => {
    const answer = await call(route, { authorization: 'Bearer token:admin-1:admin', 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    await expectUnchanged();
  });

  if (route.method === 'POST') {
    test('a token that still carries the admin role, of an account that no longer has it: 403', async () => {
      const answer = await call(route, { authorization: 'Bearer token:revoked-1:admin' });
      expect(answer).toMatchObject({
        status: 403,
        body: { message: route.role === 'admin' ? 'This needs the admin role' : expect.stringMatching(/for the shop's staff/) },
      });
      await expectUnchanged();
    });

    test('the Auth service cannot say what role the account holds now: 503', async () => {
      const answer = await call(route, { authorization: 'Bearer token:away-1:admin' });
      expect(answer).toMatchObject({ status: 503, body: { message: expect.stringMatching(/cannot be checked right now/) } });
      await expectUnchanged();
    });
  } else {
    test('a read trusts the role in the token, as long as the token lives', async () => {
      const answer = await call(route, { authorization: 'Bearer token:revoked-1:admin' });
      expect(answer.status).toBe(200);
    });
  }

  if (route.role === 'admin') {
    test('staff without the admin role: 403', async () => {
      const answer = await call(route, { authorization: 'Bearer token:staff-1:staff' });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'This needs the admin role' });
      await expectUnchanged();
    });
  }
});

test('the role reaches the endpoints: staff and admin are told who they are', async () => {
  const me = STAFF_ROUTES.find((route) => route.name === 'me')!;
  expect((await call(me, { authorization: 'Bearer token:staff-1:staff' })).body).toEqual({ uid: 'staff-1', email: 'staff-1@example.com', role: 'staff' });
  expect((await call(me, { authorization: 'Bearer token:admin-1:admin' })).body).toEqual({ uid: 'admin-1', email: 'admin-1@example.com', role: 'admin' });
});
