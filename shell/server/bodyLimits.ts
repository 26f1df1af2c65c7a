// The largest body each route family takes, in one place (decision 0038). The gateway refuses a
// larger one itself (413, service-kit/body-limits), before forwarding a byte of it: a service that
// refused it instead would close the connection while the gateway was still sending, and the
// shopper got "not answering" (503). Each service holds its own routes to the same numbers, for
// callers that reach it directly; `enforcedBehind` says where.
import type { FastifyRequest } from 'fastify';
import { JSON_BODY_LIMIT } from 'service-kit/body-limits';

/** What the gateway answers itself, when no family names it. */
export const GATEWAY_BODY_LIMIT = 64 * 1024;
/** POST /api/contact: a name, an address and a message of at most 5,000 characters. */
export const CONTACT_BODY_LIMIT = 16 * 1024;
/** POST /api/vitals: a route and four numbers. */
export const VITALS_BODY_LIMIT = 4 * 1024;

export interface BodyLimitFamily {
  family: string;
  /** The gateway's route templates of the family (the proxies' prefixes, the gateway's own routes). */
  routes: readonly string[];
  /** Within those routes, only these requests (method, path after the prefix), when not all of them. */
  only?: (method: string, rest: string) => boolean;
  limit: number;
  enforcedBehind: string;
}

/** `importMaxBytes`: the catalogue's IMPORT_MAX_BYTES, which the gateway reads too (config.ts). */
export function bodyLimitFamilies(importMaxBytes: number): readonly BodyLimitFamily[] {
  return [
    {
      family: 'catalogue imports',
      routes: ['/api/catalog/*'],
      only: (method, rest) => method === 'POST' && /^products\/imports\/?$/.test(rest),
      limit: importMaxBytes,
      enforcedBehind: "the import route's bodyLimit, IMPORT_MAX_BYTES (mf-catalog/server/importer/routes.ts)",
    },
    {
      family: 'catalogue writes',
      routes: ['/api/catalog', '/api/catalog/', '/api/catalog/*'],
      limit: JSON_BODY_LIMIT,
      enforcedBehind: "the catalogue's bodyLimit (mf-catalog/server/app.ts)",
    },
    {
      family: 'checkout, payments and staff order actions',
      routes: ['/api/checkout', '/api/checkout/', '/api/checkout/*', '/save-stripe-token', '/save-stripe-token/', '/save-stripe-token/*'],
      limit: JSON_BODY_LIMIT,
      enforcedBehind: "the checkout service's bodyLimit (mf-checkout/server/app.ts)",
    },
    { family: 'contact form', routes: ['/api/contact'], limit: CONTACT_BODY_LIMIT, enforcedBehind: 'the gateway (contact/contactRoute.ts)' },
    { family: 'Web Vitals beacons', routes: ['/api/vitals'], limit: VITALS_BODY_LIMIT, enforcedBehind: 'the gateway (vitals/vitalsRoute.ts)' },
  ];
}

/** The limit of a request: its family's, or the gateway's own. The path is the router's, decoded as the services decode it. */
export function bodyLimitOf(families: readonly BodyLimitFamily[]): (request: FastifyRequest) => number {
  return (request) => {
    const route = request.routeOptions.url;
    const rest = (request.params as { '*'?: string } | undefined)?.['*'] ?? '';
    const family = families.find((candidate) => route !== undefined && candidate.routes.includes(route) && (candidate.only?.(request.method, rest) ?? true));
    return family?.limit ?? GATEWAY_BODY_LIMIT;
  };
}
