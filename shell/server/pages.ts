import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config.ts';
import { pageHtml } from './pageHead.ts';
import { languageOf, preparePage, renderOnServer } from './pageRender.ts';
import { PageCache, type RenderedPage } from './pageCache.ts';
import { subscribeCatalogChanges } from './catalogChanges.ts';
import { pageCacheResult } from './metrics/gatewayMetrics.ts';
import { BUCKET_COOKIE, remotesForShopper, setBucketCookie } from './remoteLocations.ts';
import type { RegistryStore } from '../releases/registryStore.ts';

/**
 * The shop's pages (rendered on the server when SERVER_RENDERING is on, the not-found page for any
 * other address), and what the browser's shell reads before it starts: /remotes.json and /app-config.json.
 */
export const pages: FastifyPluginAsync<{ config: GatewayConfig; registry: RegistryStore }> = async (app, { config, registry }) => {
  /** Where each remote lives for this shopper, and which shell build serves them (live release, canary, or the defaults). */
  const locationsFor = (request: FastifyRequest, reply: FastifyReply) => {
    const { newBucket, ...locations } = remotesForShopper(config, registry, request.cookies[BUCKET_COOKIE]);
    if (newBucket !== undefined) setBucketCookie(reply, newBucket, config.production);
    return locations;
  };

  app.get('/remotes.json', async (request, reply) => {
    // Private: with a canary running, the answer depends on the shopper's cookie.
    reply.header('cache-control', 'no-cache, private');
    return { remotes: locationsFor(request, reply).remotes };
  });

  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config.client;
  });

  const cache = config.serverRendering && config.pageCache.maxBytes > 0 ? new PageCache(config.pageCache) : null;
  if (cache) {
    const changes = subscribeCatalogChanges(config.catalogUrl, { live: (live) => cache.setLive(live), change: (change) => cache.apply(change) });
    app.addHook('onClose', async () => changes.close());
  }

  const render = async (request: FastifyRequest, pathname: string, locations: ReturnType<typeof locationsFor>): Promise<RenderedPage | undefined> => {
    const prepared = await preparePage(app, config, request, pathname);
    const rendered = await renderOnServer(app, config, request, prepared, locations, prepared.productTitle);
    const route = { ...prepared, ...rendered };
    const html = pageHtml(config, pathname, locations, route);
    return html === undefined ? undefined : { status: route.status, html, answers: route.answers, complete: rendered?.complete ?? false };
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string, unbuilt: string) => {
    const locations = locationsFor(request, reply);
    // Everything a render reads: the address, the language, the shell build and the remotes' releases this shopper gets.
    const key = JSON.stringify([request.url, languageOf(request), locations.shellDir, locations.remotes]);
    let page: RenderedPage | undefined;
    if (cache) {
      const cached = await cache.page(key, () => render(request, pathname, locations));
      pageCacheResult(cached.source);
      page = cached.page;
    } else {
      page = await render(request, pathname, locations);
    }
    if (page === undefined) return reply.code(404).send({ message: unbuilt });
    return reply.code(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  };

  app.get('/', async (request, reply) => sendPage(request, reply, '/', 'Not found: the shell is not built'));
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
    const notFound = `Not found: ${request.method} ${pathname}`;
    if (!wantsPage) return reply.code(404).send({ message: notFound });
    return sendPage(request, reply, pathname, notFound);
  });
};
