// GET /events/products: a stream (Server-Sent Events) of product changes, for caches in front of the
// service (the gateway's HTTP cache) to drop what a change made stale the moment it happens.
import type { FastifyInstance } from 'fastify';
import type { ProductRepository } from '../storage/repository.ts';

/** A comment line now and then keeps proxies and idle timeouts from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

export function registerEventRoutes(app: FastifyInstance, repository: ProductRepository): void {
  const streams = new Set<NodeJS.WritableStream & { end(): void }>();

  // One listener for every stream; each change is one event: {"kind":"stock"|"data","ids":[...]|null}.
  repository.onProductsChanged((ids, kind) => {
    const event = `data: ${JSON.stringify({ kind, ids })}\n\n`;
    for (const stream of streams) stream.write(event);
  });

  const keepAlive = setInterval(() => {
    for (const stream of streams) stream.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    clearInterval(keepAlive);
    for (const stream of streams) stream.end();
    streams.clear();
  });

  app.get('/events/products', (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    // The first line tells the subscriber that changes from now on will reach it.
    raw.write(': ready\n\n');
    streams.add(raw);
    request.raw.on('close', () => streams.delete(raw));
  });
}
