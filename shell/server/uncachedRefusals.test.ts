// Every refusal the gateway gives itself is Cache-Control: no-store (docs/staff-api.md): another
// site's write, a rate limit, a body too large, an unknown or closed API path, an address that does
// not decode, a service away. A service's answer that sets its own cache policy keeps it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, startGateway, workspace, type Service } from './testing/liveServices.ts';

jest.setTimeout(60_000);

const space = workspace('uncached-refusals-');
let gateway: Service;
let catalog: http.Server;

beforeAll(async () => {
  // A catalogue whose missing product may be cached for a minute, as it says.
  catalog = http.createServer((request, response) => {
    request.resume();
    response.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' }).end('{"message":"Product with id 99 not found"}');
  });
  await new Promise<void>((resolve) => catalog.listen(0, '127.0.0.1', resolve));
  gateway = space.track(
    await startGateway(
      space.root,
      { catalogUrl: `http://127.0.0.1:${(catalog.address() as AddressInfo).port}`, checkoutUrl: `http://127.0.0.1:${await freePort()}` },
      { SERVER_RENDERING: 'off', CONTACT_RATE_LIMIT_PER_MINUTE: '2' },
    ),
  );
});

afterAll(async () => {
  await space.cleanup();
  catalog.close();
});

async function answer(path: string, init: RequestInit = {}) {
  const response = await fetch(`${gateway.url}${path}`, init);
  await response.arrayBuffer();
  return { status: response.status, cacheControl: response.headers.get('cache-control') };
}

const post = (headers: Record<string, string>, body = '{}'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});

test.each([
  ["another site's write (Origin)", 403, '/api/checkout/orders', post({ origin: 'http://evil.example' })],
  ["another site's write (Sec-Fetch-Site)", 403, '/save-stripe-token', post({ 'sec-fetch-site': 'cross-site' })],
  ['a body over the limit', 413, '/api/checkout/orders', post({}, JSON.stringify('x'.repeat(70 * 1024)))],
  ['an unknown API path', 404, '/api/nothing', {}],
  ['the stock API', 404, '/api/catalog/stock/reservations', post({})],
  ['a metrics path', 404, '/api/catalog/metrics', {}],
  ['an address that does not decode', 400, '/api/catalog/products/%E0%A4%A', {}],
  ['a service away', 503, '/api/checkout/orders', {}],
] as const)('%s: %d, no-store', async (_case, status, path, init) => {
  expect(await answer(path, init)).toEqual({ status, cacheControl: 'no-store' });
});

test('a rate limit: 429, no-store', async () => {
  const message = post({}, JSON.stringify({ name: 'Ann', email: 'ann@example.com', message: 'Hello' }));
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push(await answer('/api/contact', message));
  expect(statuses.at(-1)).toEqual({ status: 429, cacheControl: 'no-store' });
});

test("a service's refusal that sets its own cache policy keeps it", async () => {
  expect(await answer('/api/catalog/products/99')).toEqual({ status: 404, cacheControl: 'public, max-age=60' });
});
