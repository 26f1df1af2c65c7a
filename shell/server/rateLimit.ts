import type { FastifyReply, FastifyRequest } from 'fastify';

/** Above this many tracked clients, full (idle) buckets are forgotten so memory stays bounded. */
const MAX_TRACKED = 10_000;

type Bucket = { tokens: number; at: number };

/**
 * In-memory token bucket per client IP: `perMinute` requests in a burst, refilled evenly over a
 * minute. Per gateway process, which is enough to stop one client flooding a form. Answers 429
 * JSON {message} with Retry-After (seconds). Returns undefined when perMinute is 0 (off).
 */
export function rateLimiter(perMinute: number, now: () => number = Date.now) {
  if (perMinute <= 0) return undefined;
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();

  function prune(at: number): void {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (at - bucket.at) * refillPerMs >= perMinute) buckets.delete(key);
    }
    // Every bucket still in use: drop the oldest ones rather than grow without bound.
    for (const key of buckets.keys()) {
      if (buckets.size <= MAX_TRACKED) break;
      buckets.delete(key);
    }
  }

  return async function limit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const at = now();
    if (buckets.size >= MAX_TRACKED) prune(at);
    const bucket = buckets.get(request.ip) ?? { tokens: perMinute, at };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.at) * refillPerMs);
    bucket.at = at;
    buckets.delete(request.ip);
    buckets.set(request.ip, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
    reply.header('retry-after', String(retryAfter));
    await reply.code(429).send({ message: `Too many messages; please try again in ${retryAfter} seconds` });
  };
}
