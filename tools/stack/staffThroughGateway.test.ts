// Every staff endpoint of the checkout service, walked through the gateway as the shop runs them
// (both from their own main.ts): a signed-out visitor and a token nobody issued get 401; a change
// from another site's page is refused by the gateway (403) before it reaches the service; a read a
// browser marks cross-site is refused by the service (403); and no staff answer carries CORS headers,
// so another origin's page cannot read one.
import { STAFF_ROUTES } from '../../mf-checkout/server/testing/staffRoutes.ts';
import { startCheckout, startGateway, workspace, type Service } from '../../shell/server/testing/liveServices.ts';

jest.setTimeout(60_000);

const space = workspace('staff-gateway-');
let gateway: Service;

beforeAll(async () => {
  // No catalogue is needed: nothing here gets as far as an order.
  const checkout = space.track(await startCheckout(space.root, 'http://127.0.0.1:9'));
  gateway = space.track(await startGateway(space.root, { catalogUrl: 'http://127.0.0.1:9', checkoutUrl: checkout.url }));
});

afterAll(() => space.cleanup());

const ORDER = '00000000-0000-4000-8000-000000000001';

async function call(route: (typeof STAFF_ROUTES)[number], headers: Record<string, string>) {
  const response = await fetch(`${gateway.url}${route.url.replace(':id', ORDER)}`, {
    method: route.method,
    headers: { 'idempotency-key': 'walk-0000000001', ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(route.method === 'POST' ? { body: '{}' } : {}),
  });
  return { status: response.status, cors: response.headers.get('access-control-allow-origin'), body: (await response.json()) as { message: string } };
}

describe.each(STAFF_ROUTES.map((route) => [`${route.method} ${route.url}`, route] as const))('%s through the gateway', (_name, route) => {
  test('signed out: 401', async () => {
    expect(await call(route, {})).toMatchObject({ status: 401, cors: null, body: { message: expect.stringMatching(/^Sign in as staff/) } });
  });

  test('a token the Auth service never issued: 401', async () => {
    expect(await call(route, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.' })).toMatchObject({ status: 401, cors: null });
  });

  test("from another site's page: 403, and nothing readable", async () => {
    const answer = await call(route, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', authorization: 'Bearer stolen' });
    expect(answer).toMatchObject({ status: 403, cors: null });
    // Changes stop at the gateway's origin check; reads at the service's.
    expect(answer.body.message).toMatch(
      route.method === 'POST' ? /^This request came from another site/ : /^Staff requests are accepted only from the shop's own pages/,
    );
  });
});

// The gateway's own staff figure (real shoppers' vitals) asks the checkout's /me: its refusals come back as they were.
describe('GET /api/figures/vitals through the gateway', () => {
  const vitals = async (headers: Record<string, string>) => {
    const response = await fetch(`${gateway.url}/api/figures/vitals`, { headers });
    return { status: response.status, cors: response.headers.get('access-control-allow-origin'), body: (await response.json()) as { message: string } };
  };

  test('signed out, or with a token the Auth service never issued: 401 with the checkout’s reason', async () => {
    expect(await vitals({})).toMatchObject({ status: 401, cors: null, body: { message: expect.stringMatching(/^Sign in as staff/) } });
    expect(await vitals({ authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.' })).toMatchObject({ status: 401, cors: null });
  });

  test("from another site's page: 403", async () => {
    expect(await vitals({ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', authorization: 'Bearer stolen' })).toMatchObject({
      status: 403,
      cors: null,
    });
  });
});
