// The back office's vitals figures: the gateway asks the checkout who the caller is and answers as it
// did (401 signed out, 403 shopper, 503 when it cannot ask); staff get p75 per route in milliseconds.
import Fastify, { type FastifyInstance } from 'fastify';
import { webVitalInteractions, webVitals } from '../metrics/registry.ts';
import { registerVitalsFiguresRoute, VITALS_FIGURES_PATH } from './figuresRoute.ts';

let checkout: FastifyInstance;
let checkoutUrl: string;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  checkout = Fastify();
  checkout.get('/api/checkout/staff/me', async (request, reply) => {
    seen.push(request.headers.authorization);
    if (!request.headers.authorization) return reply.code(401).send({ message: 'Sign in first' });
    if (request.headers.authorization === 'Bearer shopper') return reply.code(403).send({ message: "For the shop's staff" });
    return { uid: 'staff-1', role: 'staff' };
  });
  checkoutUrl = await checkout.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await checkout.close();
});

/** A gateway with only this route, and a way to ask it (light-my-request does not load under jest). */
async function gatewayFor(url: string) {
  const app = Fastify();
  registerVitalsFiguresRoute(app, { checkoutUrl: url });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const ask = async (headers: Record<string, string> = {}) => {
    const response = await fetch(base + VITALS_FIGURES_PATH, { headers });
    return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as Record<string, unknown> };
  };
  return { ask, close: () => app.close() };
}

it('answers 401 and 403 as the checkout did, and 503 when the checkout cannot be asked', async () => {
  const app = await gatewayFor(checkoutUrl);
  expect((await app.ask()).status).toBe(401);
  expect(await app.ask({ authorization: 'Bearer shopper' })).toMatchObject({ status: 403, body: { message: "For the shop's staff" } });
  const down = await gatewayFor('http://127.0.0.1:9');
  expect((await down.ask({ authorization: 'Bearer staff' })).status).toBe(503);
  await Promise.all([app.close(), down.close()]);
});

it('gives staff the p75 of LCP and INP per route, with the number of views', async () => {
  for (const seconds of [1, 1.2, 1.4, 3]) webVitals.LCP.observe({ route: '/figures-test' }, seconds);
  webVitals.INP.observe({ route: '/figures-test' }, 0.12);
  const app = await gatewayFor(checkoutUrl);
  const response = await app.ask({ authorization: 'Bearer staff' });
  expect(response).toMatchObject({ status: 200, cache: 'no-store' });
  expect(seen.at(-1)).toBe('Bearer staff');
  const body = response.body as { since: string; routes: { route: string }[] };
  expect(Date.parse(body.since)).toBeLessThanOrEqual(Date.now());
  // LCP: the 3rd of 4 views is the last in (1, 1.5] -> 1.5 s; INP: one at 0.12 s, three quarters into (0.1, 0.15] -> 138 ms.
  expect(body.routes.find((row) => row.route === '/figures-test')).toEqual({ route: '/figures-test', views: 4, lcpP75: 1500, inpP75: 138, interactions: 1 });
  await app.close();
});

it('gives staff the p75 of INP per interaction, the slowest first', async () => {
  for (const seconds of [0.06, 0.08, 0.09, 0.4]) webVitalInteractions.observe({ role: 'button', interaction: 'add-to-cart' }, seconds);
  webVitalInteractions.observe({ role: 'combobox', interaction: 'header-search' }, 0.03);
  webVitalInteractions.observe({ role: 'link', interaction: 'unnamed' }, 0.12);
  const app = await gatewayFor(checkoutUrl);
  const body = (await app.ask({ authorization: 'Bearer staff' })).body as { interactions: unknown[] };
  // add-to-cart: the 3rd of 4 is the last in (0.05, 0.1] -> 100 ms; a single 0.12 s -> 138 ms; a single 0.03 s -> 38 ms.
  expect(body.interactions).toEqual([
    { role: 'link', interaction: 'unnamed', count: 1, inpP75: 138 },
    { role: 'button', interaction: 'add-to-cart', count: 4, inpP75: 100 },
    { role: 'combobox', interaction: 'header-search', count: 1, inpP75: 38 },
  ]);
  await app.close();
});
