// Cross-origin access: any web app, on any origin, may read the public catalogue (products, images,
// the OpenAPI document) and send the authenticated writes, without cookies. Nothing else of the
// service (stock, events, health) answers CORS, so a browser keeps other origins out of it.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Paths of the public API, as the service sees them (behind the gateway, without /api/catalog). */
export function isPublicApiPath(url: string): boolean {
  return /^\/(products|images)(\/|\?|$)|^\/openapi\.json(\?|$)/.test(url);
}

const PUBLIC: FastifyCorsOptions = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  // allowedHeaders left unset: a preflight is answered with the headers it asks for (a public API
  // without credentials has no header to keep out).
  exposedHeaders: ['ETag', 'Retry-After'],
  // Browsers cap it (Chromium at 2 hours); a day lets each keep it as long as it will.
  maxAge: 86_400,
  // An OPTIONS request without the preflight headers is answered like a preflight (204) rather than
  // with the plugin's plain-text 400: every answer of the API stays either success or JSON {message}.
  strictPreflight: false,
};

const CLOSED: FastifyCorsOptions = { origin: false };

export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => callback(null, isPublicApiPath(request.url) ? PUBLIC : CLOSED),
  });
}
