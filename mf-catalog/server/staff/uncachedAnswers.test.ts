// Every answer of the catalogue's staff endpoints (writes, imports, the search figures) is
// Cache-Control: no-store, the refusals as much as the successes (docs/staff-api.md); the public
// reads keep their own cache policy.
import { startTestServer, type TestServer } from '../testing/harness.ts';

jest.setTimeout(30_000);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('sqlite', { SEED_PRODUCTS: '5', CATALOG_ADMIN_TOKEN: 'uncached-admin-token-0123456789' });
});
afterAll(() => server.close());

const IMPORT = '00000000-0000-4000-8000-000000000001';
const json = { 'content-type': 'application/json' };

async function answer(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, { method, headers: init.headers, body: init.body });
  return { status: response.status, cacheControl: response.headers.get('cache-control') };
}

describe.each([
  ['POST', '/products/add'],
  ['PUT', '/products/1'],
  ['PATCH', '/products/1'],
  ['DELETE', '/products/1'],
  ['POST', '/products/imports'],
])('%s %s', (method, path) => {
  test.each([
    ['signed out', 401, { headers: json, body: '{}' }],
    ["from another site's page", 403, { headers: { ...json, authorization: 'Bearer a.b.c', 'sec-fetch-site': 'cross-site' }, body: '{}' }],
    ['broken JSON', 400, { headers: json, body: '{"title":' }],
    ['a body over the limit', 413, { headers: json, body: JSON.stringify('x'.repeat(17 * 1024 * 1024)) }],
  ] as const)('%s: %d, no-store', async (_case, status, init) => {
    expect(await answer(method, path, init)).toEqual({ status, cacheControl: 'no-store' });
  });
});

test.each([
  ['GET', `/products/imports/${IMPORT}`],
  ['GET', '/products/figures/search'],
])('%s %s signed out, or with the admin token: no-store', async (method, path) => {
  expect(await answer(method, path)).toEqual({ status: 401, cacheControl: 'no-store' });
  expect(await answer(method, path, { headers: { authorization: 'Bearer uncached-admin-token-0123456789' } })).toMatchObject({ cacheControl: 'no-store' });
});

test('a write to an address that does not decode, or one too long: no-store', async () => {
  expect(await answer('PATCH', '/products/%E0%A4%A', { headers: json, body: '{}' })).toEqual({ status: 400, cacheControl: 'no-store' });
  expect(await answer('PATCH', `/products/${'1'.repeat(300)}`, { headers: json, body: '{}' })).toEqual({ status: 414, cacheControl: 'no-store' });
});

test('a write that succeeds is no-store too, and the public reads keep their own policy', async () => {
  const admin = { ...json, authorization: 'Bearer uncached-admin-token-0123456789' };
  expect(await answer('PATCH', '/products/1', { headers: admin, body: JSON.stringify({ stock: 3 }) })).toEqual({ status: 200, cacheControl: 'no-store' });
  const read = await answer('GET', '/products/1');
  expect(read.status).toBe(200);
  expect(read.cacheControl).not.toBe('no-store');
});
