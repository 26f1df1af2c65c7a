// The refusal of an oversized body, over real HTTP as a client meets it: at once, in words, and the
// connection left in a state where the client reads the answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { describeBytes, refuseOversizedBodies } from './bodyLimits.ts';

const LIMIT = 1024;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify({ bodyLimit: LIMIT });
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ message: error.message }),
  );
  refuseOversizedBodies(app);
  app.post('/echo', async (request) => ({ length: JSON.stringify(request.body).length }));
  app.post('/small', { bodyLimit: 100 }, async () => ({ ok: true }));
  // As a proxy takes a body: handed on as a stream, unread until something reads it.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post('/unread', { bodyLimit: 1024 * 1024 }, async (_request, reply) => reply.code(404).send({ message: 'nothing here' }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(() => app.close());

interface Answer {
  status: number;
  cacheControl: string | undefined;
  body: { message?: string; length?: number };
  /** Body bytes the client had written when the answer came. */
  sentBefore: number;
}

/**
 * Sends `size` bytes of a JSON string, with a Content-Length or chunked, 512 bytes at a time with a
 * pause between chunks, the first `firstAfterMs` after the headers; stops writing once the answer is
 * there (as browsers and proxies do).
 */
function send(path: string, size: number, framing: 'length' | 'chunked', options: { agent?: http.Agent; firstAfterMs?: number } = {}): Promise<Answer> {
  const body = Buffer.from(JSON.stringify('x'.repeat(size - 2)));
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent: options.agent,
      headers: { 'content-type': 'application/json', ...(framing === 'length' ? { 'content-length': body.length } : { 'transfer-encoding': 'chunked' }) },
    });
    let sent = 0;
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const sentBefore = sent;
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, cacheControl: response.headers['cache-control'], body: JSON.parse(text), sentBefore }));
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const next = () => {
      if (answered) return void request.destroy();
      if (sent >= body.length) return void request.end();
      const chunk = body.subarray(sent, sent + 512);
      sent += chunk.length;
      request.write(chunk);
      setTimeout(next, 5);
    };
    request.flushHeaders();
    setTimeout(next, options.firstAfterMs ?? 20);
  });
}

describe('a body over the limit', () => {
  it('is refused with 413 and the limit in words, before the body is sent, when its Content-Length says so', async () => {
    const answer = await send('/echo', 200_000, 'length', { firstAfterMs: 500 });
    expect(answer).toMatchObject({
      status: 413,
      cacheControl: 'no-store',
      body: { message: 'The request body is larger than the 1 KiB this endpoint takes' },
      sentBefore: 0,
    });
  });

  it('is refused as soon as a streamed body passes the limit, not when it ends', async () => {
    const answer = await send('/echo', 200_000, 'chunked');
    expect(answer).toMatchObject({ status: 413, cacheControl: 'no-store', body: { message: 'The request body is larger than the 1 KiB this endpoint takes' } });
    expect(answer.sentBefore).toBeGreaterThan(LIMIT);
    expect(answer.sentBefore).toBeLessThan(LIMIT + 4 * 512);
  });

  it("is refused by the route's own limit", async () => {
    for (const framing of ['length', 'chunked'] as const) {
      expect(await send('/small', 101, framing)).toMatchObject({
        status: 413,
        body: { message: 'The request body is larger than the 100 bytes this endpoint takes' },
      });
      expect(await send('/small', 100, framing)).toMatchObject({ status: 200 });
    }
  });
});

describe('a body at the limit', () => {
  it.each(['length', 'chunked'] as const)('is read whole and answered (%s)', async (framing) => {
    expect(await send('/echo', LIMIT, framing)).toMatchObject({ status: 200, body: { length: LIMIT } });
  });
});

describe('the connection after a refusal', () => {
  it('serves the next request when the client sent its whole body anyway', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const whole = Buffer.from(JSON.stringify('x'.repeat(5000)));
      const first = await new Promise<number>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, path: '/echo', method: 'POST', agent, headers: { 'content-type': 'application/json' } });
        request.on('response', (response) => response.resume().on('end', () => resolve(response.statusCode!)));
        request.on('error', reject);
        request.end(whole);
      });
      expect(first).toBe(413);
      expect(await send('/echo', 10, 'length', { agent })).toMatchObject({ status: 200 });
    } finally {
      agent.destroy();
    }
  });

  it('serves the next request when a route answered without reading the body it was handed', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = Buffer.alloc(512 * 1024, 'x');
      const first = await new Promise<number>((resolve, reject) => {
        const request = http.request({
          host: '127.0.0.1',
          port,
          path: '/unread',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/octet-stream' },
        });
        request.on('response', (response) => response.resume().on('end', () => resolve(response.statusCode!)));
        request.on('error', reject);
        request.end(body);
      });
      expect(first).toBe(404);
      const started = Date.now();
      expect(await send('/echo', 10, 'length', { agent, firstAfterMs: 0 })).toMatchObject({ status: 200 });
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      agent.destroy();
    }
  });

  it('lets a client that asked to close it read the refusal while it is still sending', async () => {
    const body = Buffer.alloc(3_000_000, 'x');
    const once = () =>
      new Promise<number>((resolve, reject) => {
        // No agent: Node's client asks for Connection: close.
        const request = http.request({
          host: '127.0.0.1',
          port,
          path: '/echo',
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        });
        let answered = false;
        request.on('response', (response) => {
          answered = true;
          response.resume();
          resolve(response.statusCode!);
        });
        request.on('error', (error) => answered || reject(error));
        let sent = 0;
        const next = () => {
          if (answered || sent >= body.length) return;
          const chunk = body.subarray(sent, (sent += 64 * 1024));
          if (request.write(chunk)) setImmediate(next);
          else request.once('drain', next);
        };
        request.flushHeaders();
        setTimeout(next, 0);
      });
    for (let attempt = 0; attempt < 10; attempt++) expect(await once()).toBe(413);
  });

  it('is closed when the client goes on sending, after a bounded time', async () => {
    const started = Date.now();
    const closed = await new Promise<boolean>((resolve) => {
      const request = http.request({ host: '127.0.0.1', port, path: '/echo', method: 'POST', headers: { 'content-type': 'application/json' } });
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = setInterval(() => request.write(chunk), 10);
      request.on('response', (response) => response.resume());
      request.on('error', () => {
        clearInterval(pump);
        resolve(true);
      });
      request.on('close', () => {
        clearInterval(pump);
        resolve(true);
      });
    });
    expect(closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('sizes in words', () => {
  it.each([
    [64 * 1024, '64 KiB'],
    [16 * 1024 * 1024, '16 MiB'],
    [20_000, '20,000 bytes'],
    [1536, '1,536 bytes'],
  ])('%d is %s', (bytes, words) => expect(describeBytes(bytes)).toBe(words));
});
