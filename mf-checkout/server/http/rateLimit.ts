import type { FastifyReply, FastifyRequest } from 'fastify';

/** Above this many tracked clients, full (idle) buckets are forgotten so memory stays bounded. */
const MAX_TRACKED = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * In-memory token bucket per client IP: `perMinute` requests in a burst, refilled evenly over a
 * minute. Per instance only, which is enough to blunt card testing and token-sync floods.
 * Returns undefined when perMinute is 0 (disabled).
 */
export function rateLimiter(perMinute: number, now: () => number = Date.now) {
  if (perMinute <= 0) return undefined;
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();

  function prune(at: number): void {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (at - bucket.at) * refillPerMs >= perMinute) buckets.delete(key);
    }
  }

  return async function limit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const at = now();
    if (buckets.size > MAX_TRACKED) prune(at);
    const bucket = buckets.get(request.ip) ?? { tokens: perMinute, at };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.at) * refillPerMs);
    bucket.at = at;
    buckets.set(request.ip, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const retryAfter = Math.ceil((1 - bucket.tokens) / refillPerMs / 1000);
    reply.header('retry-after', String(retryAfter));
    await reply.code(429).send({ message: `Too many requests; please try again in ${retryAfter} seconds` });
  };
}
