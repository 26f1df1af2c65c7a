import type { FastifyInstance } from 'fastify';
import { registerRateLimits as registerLimits } from 'service-kit/rate-limits';
import { rateLimitRefusals } from '../metrics/registry.ts';

/**
 * Per-shopper limits (by the address the gateway forwards) on the routes that ask for one through
 * their `config` (service-kit/rate-limits): with REDIS_URL every checkout instance counts in Redis,
 * so a card tester cannot multiply their budget by the number of instances.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  await registerLimits(app, {
    redisUrl,
    nameSpace: 'storefront:checkout:',
    onRefused: (limit) => rateLimitRefusals.inc({ limit: limit === 'global' ? 'route' : limit }),
  });
}

/** Route `config` for a limit of `perMinute` per shopper (0 = off), counted apart for each `group`. */
export function perMinute(limit: number, group: string): object {
  return limit > 0 ? { rateLimit: { max: limit, timeWindow: 60_000, groupId: group } } : {};
}
