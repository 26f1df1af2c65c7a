import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.ts';
import { remoteOrigins } from './remoteLocations.ts';
import { securityHeaders } from './securityHeaders.ts';
import type { RegistryStore } from '../releases/registryStore.ts';

/** The security headers for an answer; `page` when it is an HTML page. */
export type HeadersFor = (page?: boolean) => Record<string, string>;

/**
 * The headers follow the registry (a release on another origin is allowed while it is live), and are
 * rebuilt only when the set of origins changes. A page's policy is read fresh (it must allow a release
 * promoted a moment ago); every other answer (catalogue JSON, files), where the policy only matters
 * as a safeguard, reuses it for up to a second instead of asking the registry tens of thousands of
 * times a second.
 */
export function headerPolicy(config: GatewayConfig, registry: RegistryStore): HeadersFor {
  let policy = { key: '', headers: securityHeaders(config), readAt: 0 };
  return (page = true) => {
    const now = Date.now();
    if (!page && now - policy.readAt < 1000) return policy.headers;
    const origins = remoteOrigins(config, registry);
    const key = origins.join(' ');
    if (key !== policy.key) policy = { key, headers: securityHeaders(config, origins), readAt: now };
    policy.readAt = now;
    return policy.headers;
  };
}

/**
 * Every answer carries the security headers. Registered on the gateway itself rather than as an
 * encapsulated plugin, so that the answers of every other plugin get them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, headersFor: HeadersFor): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const page = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    for (const [name, value] of Object.entries(headersFor(page))) reply.header(name, value);
    return payload;
  });
}

/**
 * A refusal or failure (any 4xx or 5xx: another site's write, a rate limit, a body too large, an
 * unknown API path, a service away) says how things stood for one request at one moment: no cache
 * may keep it and answer it again. An upstream's answer that sets its own cache policy keeps it.
 */
export function registerUncachedRefusals(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** Errors in the shop's own shape, {message}; what went wrong inside stays in the log. */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(status).send({ message: 'Something went wrong on our side; please try again' });
  });
}
