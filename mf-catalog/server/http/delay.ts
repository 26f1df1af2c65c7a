// DummyJSON's `delay` parameter: a read waits this many milliseconds before it is answered, so a
// client can see its own loading states. The wait is a timer before the handler runs: it holds no
// database connection and blocks nothing else.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from './errors.ts';

export const MAX_DELAY_MS = 5000;

/** DummyJSON's bounds and its three messages, in the order it checks them. */
export const delayParam = z
  .string({ error: 'Delay must be a number in milliseconds' })
  .regex(/^-?\d+(\.\d+)?$/, { error: 'Delay must be a number in milliseconds' })
  .transform(Number)
  .pipe(z.number().max(MAX_DELAY_MS, { error: 'Delay cannot be greater than 5 seconds' }).min(0, { error: 'Delay cannot be less than 0' }))
  .describe(`Milliseconds to wait before answering, 0 to ${MAX_DELAY_MS}, for showing a loading state`);

/** The delay a query asks for in milliseconds, null when it asks none; a 400 with DummyJSON's message when it is bad. */
export function parseDelay(query: unknown): number | null {
  const raw = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).delay : undefined;
  if (raw === undefined || raw === '') return null;
  return parseOr400(delayParam, typeof raw === 'string' ? raw.trim() : raw);
}

/**
 * Honours `delay` on the GET and HEAD requests `applies` picks. A delayed answer is marked
 * `no-store`: a cache in front must not serve it later without its wait.
 */
export function registerDelay(app: FastifyInstance, applies: (request: FastifyRequest) => boolean): void {
  const delayed = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !applies(request)) return;
    const ms = parseDelay(request.query);
    if (ms === null) return;
    delayed.add(request);
    if (ms > 0) await sleep(ms);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (delayed.has(request)) reply.header('cache-control', 'no-store').removeHeader('etag');
    return payload;
  });
}
