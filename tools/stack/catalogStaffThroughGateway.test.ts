// Every endpoint that changes the catalogue or reads an import, walked through the gateway as the
// shop runs them (both from their own main.ts): a signed-out caller and an ID token nobody issued get
// 401; a staff request a browser marks as another site's gets 403 from the catalogue (the gateway lets
// the public catalogue API's writes through: they carry a bearer token, never a cookie). The
// companion of staffThroughGateway.test.ts for the checkout's staff API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCatalog, startGateway, workspace, type Service } from '../../shell/server/testing/liveServices.ts';

jest.setTimeout(60_000);

const ROUTES = [
  { method: 'POST', url: '/api/catalog/products/add', body: { title: 'Walk Lamp', category: 'furniture', price: 1 } },
  { method: 'PUT', url: '/api/catalog/products/3', body: { title: 'Walked' } },
  { method: 'PATCH', url: '/api/catalog/products/3', body: { price: 2, stock: 5 } },
  { method: 'DELETE', url: '/api/catalog/products/4' },
  { method: 'POST', url: '/api/catalog/products/imports', body: { url: 'https://dummyjson.com/products' } },
  { method: 'GET', url: '/api/catalog/products/imports/00000000-0000-4000-8000-000000000001' },
  { method: 'GET', url: '/api/catalog/products/figures/search' },
] as const;

/** An ID token in form; the local Auth service stand-in below issued none. */
const UNISSUED = 'eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.';

const space = workspace('catalog-staff-gateway-');
let gateway: Service;
let tokenCheck: http.Server;

beforeAll(async () => {
  tokenCheck = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'the token was not issued by this Auth service' }));
    });
  });
  await new Promise<void>((resolve) => tokenCheck.listen(0, '127.0.0.1', resolve));
  const verifyUrl = `http://127.0.0.1:${(tokenCheck.address() as AddressInfo).port}/storefront/v1/tokens:verify`;
  const catalog = space.track(await startCatalog(space.root, { FIREBASE_AUTH_VERIFY_URL: verifyUrl }));
  gateway = space.track(await startGateway(space.root, { catalogUrl: catalog.url, checkoutUrl: 'http://127.0.0.1:9' }));
});

afterAll(async () => {
  await space.cleanup();
  await new Promise((resolve) => tokenCheck?.close(resolve));
});

async function call(route: (typeof ROUTES)[number], headers: Record<string, string>) {
  const body = 'body' in route ? JSON.stringify(route.body) : undefined;
  const response = await fetch(`${gateway.url}${route.url}`, {
    method: route.method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe.each(ROUTES.map((route) => [`${route.method} ${route.url}`, route] as const))('%s through the gateway', (_name, route) => {
  test('signed out: 401', async () => {
    expect(await call(route, {})).toMatchObject({ status: 401, body: { message: expect.stringMatching(/staff sign-in or the catalogue-admin token/) } });
  });

  test('an ID token the Auth service never issued: 401', async () => {
    expect(await call(route, { authorization: `Bearer ${UNISSUED}` })).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/invalid or expired/) },
    });
  });

  test("a staff request from another site's page: 403", async () => {
    const answer = await call(route, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', authorization: `Bearer ${UNISSUED}` });
    expect(answer).toMatchObject({ status: 403, body: { message: "Staff requests are accepted only from the shop's own pages" } });
  });
});
