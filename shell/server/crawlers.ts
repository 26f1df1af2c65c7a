import type { FastifyPluginAsync } from 'fastify';
import proxy from '@fastify/http-proxy';
import type { GatewayConfig } from './config.ts';
import { robotsTxt } from './robots.ts';
import { registerSitemapPages } from './sitemapPages.ts';
import { forwardShopper, passOn, unavailable } from './upstreamReplies.ts';

/**
 * What crawlers read: every page anyone may read, none that is a shopper's own; the sitemaps come
 * from the catalogue (it knows the products and categories), the shop's pages from the route
 * manifest, addressed with the shop's public origin.
 */
export const crawlers: FastifyPluginAsync<{ config: GatewayConfig }> = async (app, { config }) => {
  const robots = robotsTxt(config.siteUrl);
  app.get('/robots.txt', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots));
  registerSitemapPages(app, { catalogUrl: config.catalogUrl, siteUrl: config.siteUrl });
  const replyOptions = { rewriteRequestHeaders: forwardShopper, onResponse: passOn('catalog'), onError: unavailable('The catalogue', 'catalog') };
  await app.register(proxy, { upstream: config.catalogUrl, prefix: '/sitemap.xml', rewritePrefix: '/sitemap.xml', replyOptions });
  await app.register(proxy, { upstream: config.catalogUrl, prefix: '/sitemaps', rewritePrefix: '/sitemaps', replyOptions });
};
