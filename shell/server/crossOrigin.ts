// The two cross-origin rules of the gateway.
//
// The public catalogue API (/api/catalog/products…, images, openapi.json) is for any web app on any
// origin: the catalogue service answers its CORS and preflights (forwarded to it unchanged), and the
// gateway marks its own answers on those paths (a rate limit's 429, a 503 while the service is away)
// so an app can read them too.
//
// The shop's own endpoints that change state (checkout, orders, contact) take requests only from the
// shop's own pages: the session cookie is SameSite=Strict, and this check does not rest on the
// browser alone. Requests without Origin and Sec-Fetch-Site (server to server, scripts) pass.
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPublicCatalogPath } from './catalogPaths.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerCatalogCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    hideOptionsRoute: true,
    delegator: (request, callback) =>
      callback(null, isPublicCatalogPath(request.url) ? { origin: '*', credentials: false, preflight: false } : { origin: false }),
  });
}

/** The origin a browser on the shop's own pages sends: the scheme and host this request came to. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Why a state-changing request is refused (it comes from another site's page), or null when it may
 * go on. The public catalogue API is exempt: its writes carry a bearer token, never a cookie.
 */
export function crossSiteRefusal(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method) || isPublicCatalogPath(request.url)) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return origin === ownOrigin(request)
      ? null
      : `This request came from another site (${origin.slice(0, 100)}); the shop accepts changes only from its own pages`;
  }
  return request.headers['sec-fetch-site'] === 'cross-site' ? 'This request came from another site; the shop accepts changes only from its own pages' : null;
}

export function refuseCrossSiteWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const refusal = crossSiteRefusal(request);
    if (refusal) await reply.code(403).send({ message: refusal });
  });
}
