// The back office's search figures: staff read the same counts Prometheus scrapes; a shopper gets 403,
// a signed-out caller 401.
import { startFakeAuth, TOKENS } from '../testing/fakeAuth.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let t: TestServer;
let auth: Awaited<ReturnType<typeof startFakeAuth>>;

beforeAll(async () => {
  auth = await startFakeAuth();
  t = await startTestServer('sqlite', { FIREBASE_AUTH_VERIFY_URL: auth.verifyUrl });
});

afterAll(async () => {
  await t?.close();
  await auth?.close();
});

const figures = async (headers: Record<string, string>) => {
  const response = await fetch(`${t.url}/products/figures/search`, { headers });
  return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as Record<string, unknown> };
};

it('refuses a signed-out caller (401) and a shopper (403)', async () => {
  expect((await figures({})).status).toBe(401);
  expect((await figures({ authorization: `Bearer ${TOKENS.shopper}` })).status).toBe(403);
});

it('counts searches and empty searches for staff, not to be cached', async () => {
  const before = await figures({ authorization: `Bearer ${TOKENS.staff}` });
  expect(before).toMatchObject({ status: 200, cache: 'no-store', body: { since: expect.any(String), searches: expect.any(Number) } });
  expect((await t.get('/products/search?q=zzqxvvbnonsense')).status).toBe(200);
  expect((await t.get('/products/search?q=chair')).status).toBe(200);
  const after = await figures({ authorization: `Bearer ${TOKENS.staff}` });
  expect(after.body.searches).toBe((before.body.searches as number) + 2);
  expect(after.body.empty).toBe((before.body.empty as number) + 1);
  expect(Date.parse(after.body.since as string)).toBeLessThanOrEqual(Date.now());
});
