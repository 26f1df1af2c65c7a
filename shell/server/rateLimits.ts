import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRateLimits as registerLimits } from 'service-kit/rate-limits';
import { rateLimitRefusals } from './metrics/registry.ts';

export { TRACKED_ADDRESSES } from 'service-kit/rate-limits';

export interface RateLimitSettings {
  /** Every request of one client address, pages and assets included (a page load is ~25 requests). */
  perAddressPerMinute: number;
  /** Public catalogue reads of one client address (the shop's own pages make a few per page). */
  catalogPerMinute: number;
  /** Contact form posts of one client address. */
  contactPerMinute: number;
  /** Web Vitals beacons of one client address. */
  vitalsPerMinute: number;
  /** Shared counters across gateway instances; in-process counters without it. */
  redisUrl: string | undefined;
}

/** Probes come from supervisors and load balancers, often many per second from one address. */
const isProbe = (request: FastifyRequest) => request.url === '/healthz' || request.url === '/readyz';

/**
 * The gateway's limits (service-kit/rate-limits): a per-address budget on every public endpoint
 * (probes excepted), and stricter tiers of their own for the routes that ask (`routeLimit`); a tier
 * set to 0 is off. Refusals are counted by the limit that refused.
 */
export function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<{ routeLimit(perMinute: number, group: string): object }> {
  return registerLimits(app, {
    redisUrl: settings.redisUrl,
    nameSpace: 'storefront:gateway:',
    perAddressPerMinute: settings.perAddressPerMinute,
    exempt: isProbe,
    onRefused: (limit) => rateLimitRefusals.inc({ limit }),
  });
}
