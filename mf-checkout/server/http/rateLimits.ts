import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import createError from 'http-errors';
import { rateLimitRefusals } from '../metrics/registry.ts';

/** Addresses tracked per process without Redis: the least recent are forgotten beyond this. */
export const TRACKED_ADDRESSES = 10_000;

/**
 * Per-shopper limits (by the address the gateway forwards) with the maintained @fastify/rate-limit,
 * on the routes that ask for one through their `config`: a fixed window of a minute, 429 JSON
 * {message} with Retry-After. With REDIS_URL every checkout instance counts in Redis, so a card
 * tester cannot multiply their budget by the number of instances; if Redis does not answer,
 * requests pass. Without it, an LRU of at most TRACKED_ADDRESSES addresses per process.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) {
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
    global: false,
    cache: TRACKED_ADDRESSES,
    ...(redis ? { redis, nameSpace: 'storefront:checkout:' } : {}),
    skipOnError: true,
    onExceeded: (request) => {
      const limit = (request.routeOptions.config as { rateLimit?: { groupId?: string } }).rateLimit?.groupId;
      rateLimitRefusals.inc({ limit: limit ?? 'route' });
    },
    errorResponseBuilder: (_request, context) =>
      createError(429, `Too many requests; please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`),
  });
}

/** Route `config` for a limit of `perMinute` per shopper (0 = off), counted apart for each `group`. */
export function perMinute(limit: number, group: string): object {
  return limit > 0 ? { rateLimit: { max: limit, timeWindow: 60_000, groupId: group } } : {};
}
