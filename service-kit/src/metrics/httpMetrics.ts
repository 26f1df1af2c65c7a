import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Counter, Histogram } from 'prom-client';

/** The route label of a request that matched no route (a 404): one value, whatever the address. */
export const UNMATCHED = 'unmatched';

/**
 * Counts every answer by route template (Fastify's pattern, '/api/products/:id', never the URL
 * itself: a label per address would grow without bound) with its latency. `routeOf` names requests
 * the router did not match (the gateway's pages, served by its not-found handler).
 */
export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: { requests: Counter<'route' | 'method' | 'status'>; duration: Histogram<'route' | 'method'> },
  routeOf: (request: FastifyRequest) => string | undefined = () => undefined,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? routeOf(request) ?? UNMATCHED;
    const method = request.method;
    metrics.requests.inc({ route, method, status: String(reply.statusCode) });
    metrics.duration.observe({ route, method }, reply.elapsedTime / 1000);
  });
}
