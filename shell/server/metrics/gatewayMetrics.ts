import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchRoute } from '../../src/app/routeManifest.ts';
import { registerHttpMetrics } from 'service-kit/metrics';
import {
  catalogCache,
  httpDuration,
  httpRequests,
  metricsPathRefusals,
  pageCache,
  serverRenderDuration,
  serverRenderFallbacks,
  upstreamRequests,
} from './registry.ts';

/** A page's route template ('/shop/:id') from the shell's route manifest, for GETs of pages. */
export function pageRoute(pathname: string): string | undefined {
  return matchRoute(pathname)?.path;
}

function pageRouteOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const pathname = request.url.split('?')[0] ?? '/';
  return pathname.startsWith('/api/') ? undefined : pageRoute(pathname);
}

/**
 * '/metrics' and '/api/<anything>/metrics', however spelt (case, slashes, percent-encoding): the
 * services' metrics are on listeners of their own, and the public port says so by never answering.
 */
export function isMetricsPath(url: string): boolean {
  let pathname = url.split('?')[0] ?? '';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Left as sent: Fastify answers an undecodable address itself.
  }
  const segments = pathname
    .toLowerCase()
    .split(/[/\\]+/)
    .filter(Boolean);
  if (segments.at(-1) !== 'metrics') return false;
  return segments.length === 1 || segments[0] === 'api';
}

/** Request counts and latencies by route (pages by their manifest template), and metrics paths refused. */
export function registerGatewayMetrics(app: FastifyInstance): void {
  registerHttpMetrics(app, { requests: httpRequests, duration: httpDuration }, pageRouteOf);
  app.addHook('onRequest', async (request, reply) => {
    if (!isMetricsPath(request.url)) return;
    metricsPathRefusals.inc();
    await reply.code(404).send({ message: 'Not found' });
  });
}

/** Why (part of) a page is left to the browser, as a label of a few values (the message itself is free text). */
export function fallbackReason(fallback: string): string {
  if (fallback.endsWith('has no server build')) return 'no_server_build';
  if (/longer than (its|the render) budget/.test(fallback)) return 'over_budget';
  return 'render_error';
}

/** One server render: its time, and its fall-back to the browser if it had one. */
export function recordRender(pathname: string, seconds: number, fallback: string | null): void {
  const route = pageRoute(pathname) ?? 'not_found';
  serverRenderDuration.observe({ route }, seconds);
  if (fallback) serverRenderFallbacks.inc({ route, reason: fallbackReason(fallback) });
}

/** A render that failed as a whole (or a shell build without a server part): the browser renders the page. */
export function recordRenderFailure(pathname: string, reason: 'render_failed' | 'no_shell_server_build'): void {
  serverRenderFallbacks.inc({ route: pageRoute(pathname) ?? 'not_found', reason });
}

/** The services the gateway proxies to. */
export type Upstream = 'catalog' | 'checkout' | 'local_stripe';

/** One proxied call's outcome: its status class ('2xx' ... '5xx'), or unavailable (no answer). */
export function recordUpstream(upstream: Upstream, status: number | 'unavailable'): void {
  upstreamRequests.inc({ upstream, outcome: status === 'unavailable' ? status : `${Math.floor(status / 100)}xx` });
}

/** A server-rendered page from the shared page cache (hit, stale), a render of its own (miss), or another request's render (coalesced). */
export function pageCacheResult(result: 'hit' | 'stale' | 'miss' | 'coalesced'): void {
  pageCache.inc({ result });
}

/** A public catalogue read the cache answered (hit), asked the catalogue for (miss), or had confirmed (revalidated). */
export function catalogCacheResult(result: 'hit' | 'miss' | 'revalidated'): void {
  catalogCache.inc({ result });
}
