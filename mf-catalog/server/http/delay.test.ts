// DummyJSON's `delay`: its bounds and messages, a real wait on every read, and a wait that holds
// nothing another request needs.
import { parseDelay } from './delay.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

describe('parseDelay', () => {
  it.each([
    [{}, null],
    [{ delay: '' }, null],
    [{ delay: '0' }, 0],
    [{ delay: '300' }, 300],
    [{ delay: '5000' }, 5000],
    [{ delay: '12.5' }, 12.5],
  ])('reads %j as %p', (query, expected) => {
    expect(parseDelay(query)).toBe(expected);
  });

  it.each([
    [{ delay: 'abc' }, 'Delay must be a number in milliseconds'],
    [{ delay: '1e3' }, 'Delay must be a number in milliseconds'],
    [{ delay: ['1', '2'] }, 'Delay must be a number in milliseconds'],
    [{ delay: '6000' }, 'Delay cannot be greater than 5 seconds'],
    [{ delay: '5001' }, 'Delay cannot be greater than 5 seconds'],
    [{ delay: '-5' }, 'Delay cannot be less than 0'],
  ])('refuses %j with "%s"', (query, message) => {
    expect(() => parseDelay(query)).toThrow(expect.objectContaining({ statusCode: 400, message }));
  });
});

describe('delay on the catalogue routes', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(['/products?limit=2&delay=300', '/products/search?q=lamp&delay=300', '/products/4?delay=300', '/products/categories?delay=300'])(
    'waits before answering %s, and tells caches not to keep the answer',
    async (path) => {
      const started = performance.now();
      const { status, headers } = await t.get(path);
      expect(status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(295);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('etag')).toBeNull();
    },
  );

  it("answers a bad delay with DummyJSON's message", async () => {
    expect(await t.get('/products?delay=6000')).toMatchObject({ status: 400, body: { message: 'Delay cannot be greater than 5 seconds' } });
    expect(await t.get('/products/1?delay=x')).toMatchObject({ status: 400, body: { message: 'Delay must be a number in milliseconds' } });
  });

  it('holds nothing while it waits: a request without delay overtakes many waiting ones', async () => {
    const finished: string[] = [];
    const waiting = Array.from({ length: 40 }, (_, i) => t.get(`/products?limit=3&skip=${i}&delay=1500`).then(() => finished.push('delayed')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.get('/products?limit=3&skip=100').then(() => finished.push('plain'));
    await Promise.all(waiting);
    expect(finished[0]).toBe('plain');
  });
});
