import type { FastifyInstance } from 'fastify';
import type { OrderRepository } from '../storage/repository.ts';

/**
 * Probes for a supervisor or load balancer, outside the public /api/checkout paths (the gateway
 * does not route them). `/healthz` (liveness): the process answers; nothing downstream is checked,
 * or a database blink would restart healthy instances. `/readyz` (readiness): this instance should
 * get traffic: not while it stops, nor while its order storage does not answer (503 with the reason).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { repository: OrderRepository; stopping: () => boolean }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (deps.stopping()) return reply.code(503).send({ status: 'unavailable', reason: 'the service is stopping' });
    try {
      await deps.repository.findById('00000000-0000-0000-0000-000000000000');
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'order storage does not answer' });
    }
    return { status: 'ready' };
  });
}
