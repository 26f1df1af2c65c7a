// Every answer of the staff API is Cache-Control: no-store (docs/staff-api.md), the refusals as much
// as the successes: signed out, another site's page, a shopper, a bad request, a body over the
// limit, a path that does not exist or does not decode.
import { startFakeCatalog, type FakeCatalog } from '../testing/fakeCatalog.ts';
import { openTestRepository, request, startTestServer, type TestServer, type TestStorage } from '../testing/harness.ts';
import { STAFF_ROUTES } from './routes.ts';

jest.setTimeout(30_000);

let storage: TestStorage;
let catalog: FakeCatalog;
let server: TestServer;

beforeAll(async () => {
  storage = await openTestRepository('sqlite');
  catalog = await startFakeCatalog([{ id: 1, title: 'Oak Side Table', priceCents: 1999, stock: 5 }]);
  server = await startTestServer({ repository: storage.repository, catalog, stripeMockUrl: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await server.stop();
  await storage.cleanup();
  await catalog.close();
});

const MISSING = '00000000-0000-4000-8000-000000000001';
/** A signed-in shopper: the harness's verifier knows them, with no staff role. */
const SHOPPER = { authorization: 'Bearer id-token:shopper-1:ada@example.com' };

async function call(method: string, path: string, headers: Record<string, string> = {}, rawBody?: string) {
  const post = method === 'POST';
  const answer = await request(`${server.url}${path}`, {
    method,
    headers: { ...(post ? { 'content-type': 'application/json', 'idempotency-key': 'uncached-00001' } : {}), ...headers },
    rawBody: post ? (rawBody ?? '{}') : undefined,
  });
  return { status: answer.status, cacheControl: answer.headers.get('cache-control') };
}

describe.each(STAFF_ROUTES.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_name, route) => {
  const path = route.url.replace(':id', MISSING);
  test.each([
    ['signed out', 401, {}],
    ['a token nobody issued', 401, { authorization: 'Bearer forged' }],
    ["from another site's page", 403, { ...SHOPPER, 'sec-fetch-site': 'cross-site' }],
    ['a shopper', 403, SHOPPER],
  ] as const)('%s: %d, no-store', async (_case, status, headers) => {
    expect(await call(route.method, path, headers)).toEqual({ status, cacheControl: 'no-store' });
  });
});

describe.each(STAFF_ROUTES.filter((route) => route.method === 'POST').map((route) => [`${route.method} ${route.url}`, route] as const))(
  '%s',
  (_name, route) => {
    const path = route.url.replace(':id', MISSING);
    test('a body over the limit: 413, no-store', async () => {
      expect(await call('POST', path, SHOPPER, JSON.stringify('x'.repeat(70 * 1024)))).toEqual({ status: 413, cacheControl: 'no-store' });
    });
  },
);

test('a staff path that does not exist: 404, no-store', async () => {
  for (const method of ['GET', 'POST']) {
    expect(await call(method, `/api/checkout/staff/orders/${MISSING}/teleport`, SHOPPER)).toEqual({ status: 404, cacheControl: 'no-store' });
  }
});

test('an address that does not decode, or one too long: no-store', async () => {
  expect(await call('GET', '/api/checkout/staff/orders/%E0%A4%A', SHOPPER)).toEqual({ status: 400, cacheControl: 'no-store' });
  expect(await call('GET', `/api/checkout/staff/orders/${'x'.repeat(300)}`, SHOPPER)).toMatchObject({ cacheControl: 'no-store' });
});
