import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { rateLimitRefusals } from './metrics/registry.ts';

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

/** Addresses tracked per process without Redis: the least recent are forgotten beyond this. */
export const TRACKED_ADDRESSES = 10_000;

/**
 * Per-address limits on every public endpoint (probes excepted), with the maintained
 * @fastify/rate-limit: a fixed window of a minute per address and tier; 429 JSON {message} with
 * Retry-After. With REDIS_URL the counters live in Redis, so a shopper's budget holds across every
 * gateway instance; if Redis does not answer, requests pass (a limit must never take the shop down).
 * Without it, each process keeps an LRU of at most TRACKED_ADDRESSES addresses: memory is bounded
 * whatever a flood of addresses does. A tier set to 0 is off.
 */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<{ routeLimit(perMinute: number, group: string): object }> {
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  if (redis) {
    // A Redis outage is logged, not thrown: requests then pass unlimited (skipOnError below).
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store unavailable'));
    app.addHook('onClose', async () => void redis.disconnect());
    // Counted from the first request on: wait (briefly) for the connection before serving.
    const connected = await Promise.race([
      new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000).unref()),
    ]);
    if (!connected) app.log.warn('rate limit store not reachable yet: limits start counting once it is');
  }
  await app.register(rateLimit, {
    global: settings.perAddressPerMinute > 0,
    max: settings.perAddressPerMinute,
    timeWindow: 60_000,
    cache: TRACKED_ADDRESSES,
    ...(redis ? { redis, nameSpace: 'storefront:gateway:' } : {}),
    skipOnError: true,
    // Probes come from supervisors and load balancers, often many per second from one address.
    allowList: (request: FastifyRequest) => request.url === '/healthz' || request.url === '/readyz',
    // Counted by the limit that refused: a route's own tier (its groupId) or the per-address budget.
    onExceeded: (request: FastifyRequest) => {
      const tier = (request.routeOptions.config as { rateLimit?: { groupId?: string } }).rateLimit?.groupId;
      rateLimitRefusals.inc({ limit: tier ?? 'global' });
    },
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests; please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`), { statusCode: 429 }),
  });
  return {
    /** Route `config` for a stricter tier of its own (counted apart from the per-address budget). */
    routeLimit: (perMinute, group) => (perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000, groupId: group } } : { rateLimit: false }),
  };
}
