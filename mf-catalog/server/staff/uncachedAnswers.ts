import type { FastifyInstance, FastifyRequest } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The staff's reads (writeAccess.ts): an import's progress and the search figures. */
const STAFF_READS = new Set(['/products/imports/:id', '/products/figures/search']);

/** A change to the catalogue (a staff write, an import, the checkout's stock calls), or a staff read. */
function isStaffRequest(request: FastifyRequest): boolean {
  return !READS.has(request.method) || STAFF_READS.has(request.routeOptions.url ?? '');
}

/**
 * Every answer to a staff request is `Cache-Control: no-store`, its refusals too (401, 403, 404, 413,
 * 429...): it is one person's view of the catalogue at one moment, and a cache between the back
 * office and the service must never answer it again (docs/staff-api.md).
 */
export function keepStaffAnswersUncached(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isStaffRequest(request)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
