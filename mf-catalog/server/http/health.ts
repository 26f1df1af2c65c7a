import type { FastifyInstance } from 'fastify';
import type { SearchReadiness } from '../search/service.ts';
import type { CatalogStore } from '../storage/repository.ts';

/**
 * Probes for a supervisor or load balancer. `/healthz` (liveness) says only that the process
 * answers: checking the database there would restart healthy instances when the database blinks.
 * `/readyz` (readiness) says whether this instance should get traffic: not while it is stopping,
 * nor while its database, schema or catalogue is missing, nor while its word search index is still
 * being built (503 with the reason). The service listens before that index is built, so liveness
 * holds from the first second and only readiness waits for the build.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { store: CatalogStore; search: { readiness(): SearchReadiness }; stopping: () => boolean },
): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (deps.stopping()) return reply.code(503).send({ status: 'unavailable', reason: 'the service is stopping' });
    const store = await deps.store.readiness();
    if (!store.ready) return reply.code(503).send({ status: 'unavailable', reason: store.reason });
    const search = deps.search.readiness();
    if (!search.ready) return reply.code(503).send({ status: 'unavailable', reason: search.reason });
    return { status: 'ready' };
  });
}
