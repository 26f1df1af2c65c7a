import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { openContactStore } from './contact/contactStore.ts';
import { registerContactRoute } from './contact/contactRoute.ts';
import { isKnownRoute } from './knownRoutes.ts';
import { securityHeaders } from './securityHeaders.ts';

const hashed = /\.[0-9a-f]{10}\.(js|css|svg|png|webp|woff2)$/;

/**
 * Cache policy that makes independent deploys safe: content-hashed files are immutable, while the
 * files that point at them (index.html, mf-manifest.json, remoteEntry.js) are revalidated every time.
 */
function cacheControl(filePath: string): string {
  return hashed.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function createGateway(config: GatewayConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024, trustProxy: false });
  const headers = securityHeaders(config);
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
    // The stock API is for the checkout service only; shoppers must never reserve stock directly.
    preHandler: async (request, reply) => {
      if (/^\/api\/catalog\/stock(\/|$|\?)/.test(request.url)) {
        await reply.code(404).send({ message: 'Not found' });
      }
    },
  });
  await app.register(proxy, { upstream: config.checkoutUrl, prefix: '/save-stripe-token', rewritePrefix: '/save-stripe-token', replyOptions });
  await app.register(proxy, { upstream: config.checkoutUrl, prefix: '/api/checkout', rewritePrefix: '/api/checkout', replyOptions });

  registerContactRoute(app, contact);

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
    // Wildcard serving looks files up per request, so a rebuilt shell is served without a restart.
    wildcard: true,
    decorateReply: true,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControl(filePath)),
  });

  const indexHtml = path.join(config.shellDist, 'index.html');
  app.get('/', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', config.shellDist);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
    if (!wantsPage || !existsSync(indexHtml)) {
      return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    reply.code(isKnownRoute(pathname) ? 200 : 404);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', config.shellDist);
  });

  return app;
}

async function serveRemote(app: FastifyInstance, name: RemoteName, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `/remotes/${name}/`,
    decorateReply: false,
    index: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControl(filePath));
      // The manifest is fetched cross-origin when a remote is hosted elsewhere than the shell.
      reply.header('access-control-allow-origin', '*');
    },
  });
}
