import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/** Addresses tracked per process without Redis: the least recent are forgotten beyond this. */
export const TRACKED_ADDRESSES = 10_000;

export interface RateLimitOptions {
  /** Shared counters across a service's instances; in-process counters without it. */
  redisUrl: string | undefined;
  /** The service's own key space in a Redis the services may share ('storefront:gateway:'). */
  nameSpace: string;
  /** A budget for every request of one address (0 or absent: only routes that ask for a limit are limited). */
  perAddressPerMinute?: number;
  /** Requests the budget never counts (probes). */
  exempt?: (request: FastifyRequest) => boolean;
  /** Told of every refusal, with the limit that refused: a route's group, or 'global' for the budget. */
  onRefused?: (limit: string) => void;
}

/**
 * Per-address limits with the maintained @fastify/rate-limit, the same in every service: a fixed
 * window of a minute, 429 JSON {message} with Retry-After. With a Redis URL the counters live in
 * Redis, so a client's budget holds across every instance; if Redis does not answer, requests pass
 * (a limit must never take the shop down). Without it, each process keeps an LRU of at most
 * TRACKED_ADDRESSES addresses: memory is bounded whatever a flood of addresses does.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<{ routeLimit(perMinute: number, group: string): object }> {
  const redis = options.redisUrl ? await connectedRedis(app, options.redisUrl) : undefined;
  const budget = options.perAddressPerMinute ?? 0;
  await app.register(rateLimit, {
    global: budget > 0,
    ...(budget > 0 ? { max: budget, timeWindow: 60_000 } : {}),
    cache: TRACKED_ADDRESSES,
    ...(redis ? { redis, nameSpace: options.nameSpace } : {}),
    skipOnError: true,
    ...(options.exempt ? { allowList: options.exempt } : {}),
    onExceeded: (request: FastifyRequest) => {
      const group = (request.routeOptions.config as { rateLimit?: { groupId?: string } }).rateLimit?.groupId;
      options.onRefused?.(group ?? 'global');
    },
    // status, statusCode and expose: what http-errors' isHttpError looks for, so each service's error handler shows the message.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests; please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`), {
        status: 429,
        statusCode: 429,
        expose: true,
      }),
  });
  return {
    /** Route `config` for a limit of `perMinute` per address (0 = off), counted apart for each `group`. */
    routeLimit: (perMinute, group) => (perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000, groupId: group } } : { rateLimit: false }),
  };
}

/** A Redis client for the counters, waited for briefly so that counting starts with the first request. */
async function connectedRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // An outage is logged, not thrown: requests then pass unlimited (skipOnError).
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store unavailable'));
  app.addHook('onClose', async () => void redis.disconnect());
  const connected = await Promise.race([
    new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000).unref()),
  ]);
  if (!connected) app.log.warn('rate limit store not reachable yet: limits start counting once it is');
  return redis;
}
