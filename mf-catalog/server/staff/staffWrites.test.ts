// Staff change the catalogue with their ID token, checked by the Auth service (a stand-in here): every
// write answers 401 without a token or with one nobody issued, 403 to a shopper's token and to another
// site's page, and works for staff; a role taken away stops working at the next write; the
// catalogue-admin token keeps working beside it.
import { startFakeAuth, TOKENS, type FakeAuth } from '../testing/fakeAuth.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

const ADMIN_TOKEN = 'staff-test-admin-token-0001';

/** Every endpoint that changes the catalogue or reads an import job, with a body that would be valid. */
const WRITE_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/products/add', body: { title: 'Staff Lamp', category: 'furniture', price: 12 } },
  { method: 'PUT', path: '/products/7', body: { title: 'Staff Chair' } },
  { method: 'PATCH', path: '/products/7', body: { price: 19.5, stock: 4 } },
  { method: 'DELETE', path: '/products/9' },
];

let t: TestServer;
let auth: FakeAuth;

beforeAll(async () => {
  auth = await startFakeAuth();
  t = await startTestServer('sqlite', { CATALOG_ADMIN_TOKEN: ADMIN_TOKEN, FIREBASE_AUTH_VERIFY_URL: auth.verifyUrl });
});

afterAll(async () => {
  await t?.close();
  await auth?.close();
});

async function send(route: (typeof WRITE_ROUTES)[number], headers: Record<string, string>) {
  const response = await fetch(t.url + route.path, {
    method: route.method,
    headers: route.body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(WRITE_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
  it('refuses a signed-out caller (401), a token nobody issued (401), a shopper (403) and another site (403)', async () => {
    expect((await send(route, {})).status).toBe(401);
    expect(await send(route, bearer(TOKENS.forged))).toMatchObject({ status: 401, body: { message: expect.stringMatching(/invalid or expired/) } });
    expect(await send(route, bearer(TOKENS.shopper))).toMatchObject({ status: 403, body: { message: expect.stringMatching(/for the shop's staff/) } });
    expect(await send(route, { ...bearer(TOKENS.staff), 'sec-fetch-site': 'cross-site' })).toMatchObject({ status: 403 });
  });
});

it('staff add, change and delete products; the changes show at once', async () => {
  const [add, put, patch, remove] = WRITE_ROUTES;
  const added = await send(add!, bearer(TOKENS.staff));
  expect(added).toMatchObject({ status: 201, body: { title: 'Staff Lamp' } });
  expect(await send(put!, bearer(TOKENS.admin))).toMatchObject({ status: 200, body: { title: 'Staff Chair' } });
  expect(await send(patch!, bearer(TOKENS.staff))).toMatchObject({ status: 200, body: { price: 19.5, stock: 4 } });
  expect((await t.get('/products/7')).body).toMatchObject({ title: 'Staff Chair', price: 19.5, stock: 4 });
  expect((await send(remove!, bearer(TOKENS.staff))).status).toBe(200);
  expect((await t.get('/products/9')).status).toBe(404);
  // The admin token is still a way in, and a wrong one is still refused.
  expect((await send(patch!, bearer(ADMIN_TOKEN))).status).toBe(200);
  expect((await send(patch!, bearer('not-the-admin-token'))).status).toBe(403);
});

it('refuses the next write of an admin whose role was taken away, though their token still carries it; staff keep writing', async () => {
  const [, , patch] = WRITE_ROUTES;
  const price = { ...patch!, path: '/products/5', body: { price: 42.5 } };
  expect(await send(price, bearer(TOKENS.admin))).toMatchObject({ status: 200, body: { price: 42.5 } });
  auth.revokeRole(TOKENS.admin);
  for (const route of [{ ...price, body: { price: 1 } }, ...WRITE_ROUTES]) {
    expect(await send(route, bearer(TOKENS.admin))).toMatchObject({ status: 403, body: { message: expect.stringMatching(/for the shop's staff/) } });
  }
  expect((await t.get('/products/5')).body).toMatchObject({ price: 42.5 });
  expect(await send({ ...price, body: { price: 43 } }, bearer(TOKENS.staff))).toMatchObject({ status: 200, body: { price: 43 } });
});
