// What a web app on another origin meets: the public API answers CORS (reads and the authenticated
// writes, no credentials) and its preflights; the service's internal routes answer no origin.
import { startTestServer, type TestServer } from '../testing/harness.ts';

const APP = 'http://localhost:4173';

describe('cross-origin access to the catalogue', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });

  afterAll(async () => {
    await t?.close();
  });

  const preflight = (path: string, method: string, headers = 'x-client-name') =>
    fetch(t.url + path, { method: 'OPTIONS', headers: { origin: APP, 'access-control-request-method': method, 'access-control-request-headers': headers } });

  it.each(['/products?limit=5', '/products/search?q=chair', '/products/3', '/products/categories', '/products/category/bags', '/openapi.json'])(
    'lets any origin read %s without credentials',
    async (path) => {
      const response = await fetch(t.url + path, { headers: { origin: APP } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
    },
  );

  it('lets any origin load a product picture', async () => {
    const { body } = await t.get('/products/3');
    const response = await fetch(t.url + body.thumbnail.replace('/api/catalog', ''), { headers: { origin: APP } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight with 204, the methods, the headers asked for and how long to keep it', async () => {
    const response = await preflight('/products?limit=5', 'GET');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-client-name');
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThanOrEqual(7200);
    const write = await preflight('/products/add', 'POST', 'authorization, content-type');
    expect(write.status).toBe(204);
    expect(write.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('keeps the stock API, the change stream and health checks closed to other origins', async () => {
    for (const path of ['/stock/reservations', '/events/products', '/healthz']) {
      const response = await preflight(path, 'POST');
      expect([path, response.status, response.headers.get('access-control-allow-origin')]).toEqual([path, 404, null]);
    }
    const health = await fetch(`${t.url}/healthz`, { headers: { origin: APP } });
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers errors of the public API with CORS too, so an app can read the message', async () => {
    const response = await fetch(`${t.url}/products?limit=abc`, { headers: { origin: APP } });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await response.json()).message).toMatch(/limit/);
  });
});
