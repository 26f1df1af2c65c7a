import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * Names each request's server span by its route template (GET /products/:id), never by the raw URL:
 * ids in names would make every span unique and leak what shoppers looked at.
 */
export function traceRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const span = trace.getActiveSpan();
    const route = request.routeOptions.url;
    if (!span || !route) return;
    span.updateName(`${request.method} ${route}`);
    span.setAttribute('http.route', route);
  });
}
