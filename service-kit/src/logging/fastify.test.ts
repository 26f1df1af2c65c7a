import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyLogging, passRequestId } from './fastify.ts';
import { createLogger } from './logger.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function service() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify(fastifyLogging(createLogger({ service: 'catalog', level: 'info' }, stream)));
  apps.push(app);
  passRequestId(app);
  app.get('/items/:id', async (request) => ({ id: (request.params as { id: string }).id, seen: request.headers['x-request-id'] }));
  app.get('/readyz', async () => ({ ready: true }));
  return { app, lines, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

// Over a socket, not app.inject: light-my-request loads an ES module jest's CommonJS transform cannot.
async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  return { requestId: response.headers.get('x-request-id'), body: (await response.json()) as unknown };
}

describe('fastifyLogging and passRequestId', () => {
  it("keeps a sane caller's request id: on every line, in the answer, and on the request's headers for a proxied call", async () => {
    const { lines, base } = await service();
    const response = await get(base, '/items/7?token=abcdef0123456789', { 'x-request-id': 'gateway-1234abcd' });
    expect(response.requestId).toBe('gateway-1234abcd');
    expect(response.body).toEqual({ id: '7', seen: 'gateway-1234abcd' });
    const requestLines = lines.filter((line) => line.req_id !== undefined);
    expect(requestLines.map((line) => [line.req_id, line.msg])).toEqual([
      ['gateway-1234abcd', 'incoming request'],
      ['gateway-1234abcd', 'request completed'],
    ]);
    expect(requestLines[0]).toMatchObject({ service: 'catalog', req: { method: 'GET', url: '/items/7?token=[redacted]' } });
    expect(requestLines[1]).toMatchObject({ res: { status: 200 } });
  });

  it('makes a new id for a missing or insane one, and logs no probe at info', async () => {
    const { lines, base } = await service();
    const response = await get(base, '/items/1', { 'x-request-id': 'bad id with spaces' });
    expect(response.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await get(base, '/readyz');
    expect(lines.filter((line) => (line.req as { url?: string } | undefined)?.url === '/readyz')).toEqual([]);
    expect(lines.filter((line) => line.req_id !== undefined).every((line) => line.req_id === response.requestId)).toBe(true);
  });

  it('is silent without a logger (the services in tests), and still answers the request id', async () => {
    const app = Fastify(fastifyLogging(undefined));
    apps.push(app);
    passRequestId(app);
    app.get('/', async () => ({ ok: true }));
    const response = await get(await app.listen({ port: 0, host: '127.0.0.1' }), '/');
    expect(response.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
