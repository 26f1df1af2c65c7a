import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { isPublicCatalogPath } from './catalogPaths.ts';
import { openContactStore } from './contact/contactStore.ts';
import { registerContactRoute } from './contact/contactRoute.ts';
import { isKnownRoute } from './knownRoutes.ts';
import { pageHtml } from './pageHead.ts';
import { rateLimiter } from './rateLimit.ts';
import { securityHeaders } from './securityHeaders.ts';

const hashed = /\.[0-9a-f]{10}\.(js|css|svg|png|webp|woff2)(\.br|\.gz)?$/;

/**
 * Cache policy that makes independent deploys safe: content-hashed files are immutable, while the
 * files that point at them (index.html, mf-manifest.json, remoteEntry.js) are revalidated every time.
 */
function cacheControl(filePath: string): string {
  return hashed.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function createGateway(config: GatewayConfig): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    // A URL the router cannot decode (%zz, %E0%A4%A) is answered before any hook runs: without
    // this, that 400 went out without the security headers.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body = JSON.stringify({ message: tooLong ? 'The address is too long' : 'The address is not a valid URL' });
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .headers({ ...headers, 'content-type': 'application/json; charset=utf-8' })
        .send(body);
    },
  });
  const contact = openContactStore(config.contactDb);
  app.addHook('onClose', async () => contact.close());

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    return payload;
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // Services see the shopper's address and scheme (rate limits per shopper, Secure cookies).
  const replyOptions = {
    rewriteRequestHeaders: (request: { ip: string; protocol: string }, upstreamHeaders: Record<string, unknown>) => ({
      ...upstreamHeaders,
      'x-forwarded-for': request.ip,
      'x-forwarded-proto': request.protocol,
    }),
  };

  await app.register(proxy, {
    upstream: config.catalogUrl,
    replyOptions,
    prefix: '/api/catalog',
    rewritePrefix: '',
    // Only the product API and images are public: the stock API is for the checkout service only,
    // and shoppers must never reach it, however the path is spelt (see catalogPaths.ts).
    preHandler: async (request, reply) => {
      if (!isPublicCatalogPath(request.url)) {
        await reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}` });
      }
    },
  });
  await app.register(proxy, { upstream: config.checkoutUrl, prefix: '/save-stripe-token', rewritePrefix: '/save-stripe-token', replyOptions });
  await app.register(proxy, { upstream: config.checkoutUrl, prefix: '/api/checkout', rewritePrefix: '/api/checkout', replyOptions });

  registerContactRoute(app, contact, { rateLimit: rateLimiter(config.contactRateLimitPerMinute) });

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { remotes: Object.fromEntries(remoteNames.map((name) => [name, config.remotes[name].manifest])) };
  });

  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config.client;
  });

  for (const name of remoteNames) await serveRemote(app, name, config.remotes[name].dist);

  // The design tokens as a stable URL, for remotes' standalone harnesses (npm start -w mf-x).
  const tokens = readFileSync(new URL('../src/styles/tokens.css', import.meta.url), 'utf8');
  app.get('/design/tokens.css', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8');
    return tokens;
  });

  await app.register(fastifyStatic, {
    root: config.shellDist,
    prefix: '/',
    index: false,
    preCompressed: true,
    // Wildcard serving looks files up per request, so a rebuilt shell is served without a restart.
    wildcard: true,
    decorateReply: true,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControl(filePath)),
  });

  app.get('/', async (_request, reply) => {
    const html = pageHtml(config, '/');
    if (html === undefined) return reply.code(404).send({ message: 'Not found: the shell is not built' });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
    const html = wantsPage ? pageHtml(config, pathname) : undefined;
    if (html === undefined) {
      return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    reply.code(isKnownRoute(pathname) ? 200 : 404);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });

  return app;
}

async function serveRemote(app: FastifyInstance, name: RemoteName, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `/remotes/${name}/`,
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControl(filePath));
      // The manifest is fetched cross-origin when a remote is hosted elsewhere than the shell.
      reply.header('access-control-allow-origin', '*');
    },
  });
}
