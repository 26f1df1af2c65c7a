import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

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

/** The two request instruments every service registers: answers by route, method and status, and their latency. */
export function httpInstruments(registry: Registry, buckets: number[]) {
  return {
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route template, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route template and method',
      labelNames: ['route', 'method'] as const,
      buckets,
      registers: [registry],
    }),
  };
}
