import type { FastifyPluginAsync } from 'fastify';
import proxy from '@fastify/http-proxy';
import type { GatewayConfig } from './config.ts';
import { CatalogCache } from './catalogCache.ts';
import { subscribeCatalogChanges } from './catalogChanges.ts';
import { isPublicCatalogPath } from './catalogPaths.ts';
import { catalogCacheResult, recordUpstream } from './metrics/gatewayMetrics.ts';
import { forwardShopper, unavailable } from './upstreamReplies.ts';

/** Reads a whole upstream body (catalogue answers are small JSON documents and images). */
async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** True when an If-None-Match header lists this entity tag (or is '*'); weak tags compare by value. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((candidate) => [etag, `W/${etag}`, '*'].includes(candidate.trim()));
}

/**
 * /api/catalog/* to the catalogue service, public paths only, through a bounded HTTP cache that
 * follows the catalogue's product changes (none when CATALOG_CACHE_BYTES is 0).
 * `routeLimit`: the shopper's rate limit on these routes.
 */
export const catalogProxy: FastifyPluginAsync<{ config: GatewayConfig; routeLimit: object }> = async (app, { config, routeLimit }) => {
  const cache = config.catalogCacheBytes > 0 ? new CatalogCache(config.catalogCacheBytes) : null;
  if (cache) {
    const changes = subscribeCatalogChanges(config.catalogUrl, { live: (live) => cache.setLive(live), change: (change) => cache.apply(change) });
    app.addHook('onClose', async () => changes.close());
  }
  /** Requests answered from a stale entry after our own conditional request (see rewriteRequestHeaders). */
  const revalidating = new WeakSet<object>();

  await app.register(proxy, {
    upstream: config.catalogUrl,
    replyOptions: {
      rewriteRequestHeaders: (request, upstreamHeaders) => {
        const headers = forwardShopper(request, upstreamHeaders);
        const conditional =
          cache && request.method === 'GET' && !request.headers['if-none-match'] ? cache.revalidationHeaders(request.url, request.headers) : undefined;
        if (!conditional) return headers;
        revalidating.add(request);
        return { ...headers, ...conditional };
      },
      onResponse: (request, reply, response) => {
        recordUpstream('catalog', response.statusCode);
        if (!cache || request.method !== 'GET' || (response.statusCode !== 200 && !(response.statusCode === 304 && revalidating.has(request)))) {
          return void reply.send(response.stream);
        }
        void collect(response.stream).then(
          (body) => {
            const answer =
              response.statusCode === 304
                ? cache.revalidated(request.url, request.headers, 304, reply.getHeaders() as Record<string, string>)
                : (cache.store(request.url, request.headers, 200, reply.getHeaders() as Record<string, string>, body), undefined);
            catalogCacheResult(answer ? 'revalidated' : 'miss');
            if (answer) {
              reply.code(answer.status).headers(answer.headers).header('x-cache', 'REVALIDATED').removeHeader('content-length').send(answer.body);
            } else {
              reply.header('x-cache', 'MISS').send(body);
            }
          },
          (error: unknown) => reply.send(error),
        );
      },
      onError: unavailable('The catalogue', 'catalog'),
    },
    prefix: '/api/catalog',
    rewritePrefix: '',
    config: routeLimit,
    // Only the product API and images are public: the stock API is for the checkout service only,
    // and shoppers must never reach it, however the path is spelt (see catalogPaths.ts).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Fastify awaits an async preHandler; @fastify/http-proxy types only the callback form
    preHandler: async (request, reply) => {
      if (!isPublicCatalogPath(request.url)) {
        await reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}` });
        return;
      }
      const cached = cache && request.method === 'GET' ? cache.fresh(request.url, request.headers) : undefined;
      if (!cached) return;
      catalogCacheResult('hit');
      reply.code(cached.status).headers(cached.headers).header('x-cache', 'HIT');
      const etag = cached.headers.etag;
      if (etag && matchesEtag(request.headers['if-none-match'], etag)) await reply.code(304).send();
      else await reply.send(cached.body);
    },
  });
};
