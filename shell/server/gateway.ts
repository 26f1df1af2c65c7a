import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { CatalogCache } from './catalogCache.ts';
import { robotsTxt } from './robots.ts';
import { registerSitemapPages } from './sitemapPages.ts';
import { followCatalogChanges } from './catalogChanges.ts';
import { isPublicCatalogPath } from './catalogPaths.ts';
import { openContactStore } from './contact/contactStore.ts';
import { refuseCrossSiteWrites, registerCatalogCors } from './crossOrigin.ts';
import { registerContactRoute } from './contact/contactRoute.ts';
import { isKnownRoute } from './knownRoutes.ts';
import { registerHealthRoutes } from './health.ts';
import { pageHtml, type PreparedRoute } from './pageHead.ts';
import { loadRouteData, type EmbeddedAnswer } from './routeData.ts';
import { routeHead } from './routeHead.ts';
import { serverEntries, shellBuildId, shellRenderer } from './serverRender.ts';
import { registerRateLimits } from './rateLimits.ts';
import { remoteOrigins, remotesForShopper, shellRoots } from './remoteLocations.ts';
import { securityHeaders } from './securityHeaders.ts';
import { openRegistry } from '../releases/openRegistry.ts';
import type { RegistryStore } from '../releases/registryStore.ts';
import type { Language } from 'shared-events';

/** Reads a whole upstream body (catalogue answers are small JSON documents and images). */
async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

const reported = new Map<string, number>();
/** A server-render problem on the gateway's log, once a minute for the same problem (it recurs per page). */
function reportOnce(problem: string): void {
  const now = Date.now();
  if ((reported.get(problem) ?? 0) > now - 60_000) return;
  if (reported.size > 1_000) reported.clear();
  reported.set(problem, now);
  console.warn(`[gateway] ${problem}`);
}

/** The language the shopper chose (their `lang` cookie, set by the page), or the shop's default. */
function languageFrom(cookieHeader: string | undefined): Language {
  const chosen = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')?.[1];
  return chosen === 'ru' ? 'ru' : 'en';
}

/** True when an If-None-Match header lists this entity tag (or is '*'); weak tags compare by value. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((candidate) => [etag, `W/${etag}`, '*'].includes(candidate.trim()));
}

const hashed = /\.[0-9a-f]{10}\.(js|css|svg|png|webp|woff2)(\.br|\.gz)?$/;

/**
 * Cache policy that makes independent deploys safe: content-hashed files are immutable, while the
 * files that point at them (index.html, mf-manifest.json, remoteEntry.js) are revalidated every time.
 */
function cacheControl(filePath: string): string {
  return hashed.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Whether a path names a file; a path the file system refuses (a NUL byte) names none. */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/** Source maps stay beside the builds for error reports; they are never served to the public. */
const notSourceMap = (pathName: string) => !/\.map$/i.test(pathName);

/**
 * `stopping`: true once the process is shutting down, so /readyz turns 503 before the listener closes.
 * `registry`: which release of each remote is live (default: the shop's own, see releases/openRegistry).
 */
export async function createGateway(config: GatewayConfig, options: { stopping?: () => boolean; registry?: RegistryStore } = {}): Promise<FastifyInstance> {
  const stopping = options.stopping ?? (() => false);
  const registry = options.registry ?? (await openRegistry(config, { listen: true }));
  // The policy follows the registry (a release on another origin is allowed while it is live);
  // it is rebuilt only when the set of origins changes.
  // A page's policy is read fresh (it must allow a release promoted a moment ago); every other answer
  // (catalogue JSON, files), where the policy only matters as a safeguard, reuses it for up to a
  // second instead of asking the registry tens of thousands of times a second.
  let policy = { key: '', headers: securityHeaders(config), readAt: 0 };
  const currentHeaders = (page = true) => {
    const now = Date.now();
    if (!page && now - policy.readAt < 1000) return policy.headers;
    const origins = remoteOrigins(config, registry);
    const key = origins.join(' ');
    if (key !== policy.key) policy = { key, headers: securityHeaders(config, origins), readAt: now };
    policy.readAt = now;
    return policy.headers;
  };
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
        .headers({ ...currentHeaders(), 'content-type': 'application/json; charset=utf-8' })
        .send(body);
    },
  });
  // Errors in the shop's own shape, {message}; what went wrong inside stays in the log.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(status).send({ message: 'Something went wrong on our side; please try again' });
  });
  const contact = await openContactStore({ databaseUrl: config.databaseUrl, sqliteFile: config.contactDb });
  app.addHook('onClose', async () => contact.close());
  if (!options.registry) app.addHook('onClose', async () => registry.close());

  app.addHook('onSend', async (_request, reply, payload) => {
    const page = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    for (const [name, value] of Object.entries(currentHeaders(page))) reply.header(name, value);
    return payload;
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await registerCatalogCors(app);
  refuseCrossSiteWrites(app);
  const limits = await registerRateLimits(app, config.rateLimits);

  // Services see the shopper's address and scheme (rate limits per shopper, Secure cookies).
  const replyOptions = {
    rewriteRequestHeaders: (request: { ip: string; protocol: string }, upstreamHeaders: Record<string, unknown>) => ({
      ...upstreamHeaders,
      'x-forwarded-for': request.ip,
      'x-forwarded-proto': request.protocol,
    }),
  };

  // A service that is down or restarting is answered in words, never with the proxy's internals.
  type ProxiedReply = { log: { warn(details: object, message: string): void }; code(status: number): { header(name: string, value: string): { send(body: unknown): unknown } } };
  const unavailable = (what: string) => (reply: ProxiedReply, { error }: { error: Error }) => {
    reply.log.warn({ err: error }, `${what} did not answer`);
    void reply
      .code(503)
      .header('retry-after', '2')
      .send({ message: `${what} is not answering right now; please try again in a moment` });
  };

  const cache = config.catalogCacheBytes > 0 ? new CatalogCache(config.catalogCacheBytes) : null;
  if (cache) {
    const changes = followCatalogChanges(config.catalogUrl, { live: (live) => cache.setLive(live), change: (change) => cache.apply(change) });
    app.addHook('onClose', async () => changes.close());
  }
  /** Requests answered from a stale entry after our own conditional request (see rewriteRequestHeaders). */
  const revalidating = new WeakSet<object>();

  await app.register(proxy, {
    upstream: config.catalogUrl,
    replyOptions: {
      rewriteRequestHeaders: (request, upstreamHeaders) => {
        const headers = replyOptions.rewriteRequestHeaders(request, upstreamHeaders);
        const conditional = cache && request.method === 'GET' && !request.headers['if-none-match'] ? cache.revalidationHeaders(request.url, request.headers) : undefined;
        if (!conditional) return headers;
        revalidating.add(request);
        return { ...headers, ...conditional };
      },
      onResponse: (request, reply, response) => {
        if (!cache || request.method !== 'GET' || (response.statusCode !== 200 && !(response.statusCode === 304 && revalidating.has(request)))) {
          return void reply.send(response.stream);
        }
        void collect(response.stream).then(
          (body) => {
            const answer =
              response.statusCode === 304
                ? cache.revalidated(request.url, request.headers, 304, reply.getHeaders() as Record<string, string>)
                : (cache.store(request.url, request.headers, 200, reply.getHeaders() as Record<string, string>, body), undefined);
            if (answer) {
              reply.code(answer.status).headers(answer.headers).header('x-cache', 'REVALIDATED').removeHeader('content-length').send(answer.body);
            } else {
              reply.header('x-cache', 'MISS').send(body);
            }
          },
          (error: unknown) => reply.send(error),
        );
      },
      onError: unavailable('The catalogue'),
    },
    prefix: '/api/catalog',
    rewritePrefix: '',
    config: limits.routeLimit(config.rateLimits.catalogPerMinute, 'catalog'),
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
      reply.code(cached.status).headers(cached.headers).header('x-cache', 'HIT');
      const etag = cached.headers.etag;
      if (etag && matchesEtag(request.headers['if-none-match'], etag)) await reply.code(304).send();
      else await reply.send(cached.body);
    },
  });
  const checkoutReplyOptions = { ...replyOptions, onError: unavailable('Checkout') };
  await app.register(proxy, { upstream: config.checkoutUrl, prefix: '/save-stripe-token', rewritePrefix: '/save-stripe-token', replyOptions: checkoutReplyOptions });
  await app.register(proxy, { upstream: config.checkoutUrl, prefix: '/api/checkout', rewritePrefix: '/api/checkout', replyOptions: checkoutReplyOptions });
  if (config.localStripeUrl) {
    // Offline only (refused in production): the page's Stripe.js stand-in talks to the local Stripe here.
    await app.register(proxy, { upstream: config.localStripeUrl, prefix: '/local-stripe', rewritePrefix: '', replyOptions: { ...replyOptions, onError: unavailable('The local Stripe') } });
  }

  registerContactRoute(app, contact, { config: limits.routeLimit(config.rateLimits.contactPerMinute, 'contact') });

  registerHealthRoutes(app, config, stopping);

  /** Where each remote lives for this shopper, and which shell build serves them (live release, canary, or the defaults). */
  const locationsFor = (request: FastifyRequest, reply: FastifyReply) => {
    const { setCookie, ...locations } = remotesForShopper(config, registry, request.headers.cookie);
    if (setCookie) reply.header('set-cookie', setCookie);
    return locations;
  };
  const remotesFor = (request: FastifyRequest, reply: FastifyReply) => locationsFor(request, reply).remotes;

  app.get('/remotes.json', async (request, reply) => {
    // Private: with a canary running, the answer depends on the shopper's cookie.
    reply.header('cache-control', 'no-cache, private');
    return { remotes: remotesFor(request, reply) };
  });

  // Crawlers: every page anyone may read, none that is a shopper's own; the sitemaps come from the
  // catalogue (it knows the products and categories), the shop's pages from the route manifest,
  // addressed with the shop's public origin.
  const robots = robotsTxt(config.siteUrl);
  app.get('/robots.txt', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots));
  registerSitemapPages(app, { catalogUrl: config.catalogUrl, siteUrl: config.siteUrl });
  const sitemapReplyOptions = { ...replyOptions, onError: unavailable('The catalogue') };
  await app.register(proxy, { upstream: config.catalogUrl, prefix: '/sitemap.xml', rewritePrefix: '/sitemap.xml', replyOptions: sitemapReplyOptions });
  await app.register(proxy, { upstream: config.catalogUrl, prefix: '/sitemaps', rewritePrefix: '/sitemaps', replyOptions: sitemapReplyOptions });

  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config.client;
  });

  for (const name of remoteNames) await serveRemote(app, name, config.remotes[name].dist);
  await serveReleases(app, config.releasesDir);

  // The design tokens as a stable URL, for remotes' standalone harnesses (npm start -w mf-x).
  const tokens = readFileSync(new URL('../src/styles/tokens.css', import.meta.url), 'utf8');
  app.get('/design/tokens.css', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8');
    return tokens;
  });

  // The shell's own files come from the shopper's shell release, else from an earlier one an open
  // page may have started with, else from the shell's build (see shellRoots); looked up per request,
  // so a promotion or a rebuilt shell is served without a restart.
  await app.register(fastifyStatic, {
    root: config.shellDist,
    serve: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControl(filePath));
    },
  });
  app.get('/*', async (request, reply) => {
    const pathname = `/${(request.params as { '*': string })['*']}`;
    // Only canonical paths (no '..', '.' or empty segments to reach outside a root or alias a
    // file), never a release's notes, and never the shell's server build (the gateway runs it).
    if (!notSourceMap(pathname) || pathname === '/release.json' || pathname.startsWith('/server/') || pathname.slice(1).split('/').some((segment) => ['', '.', '..'].includes(segment))) return reply.callNotFound();
    // Never a cookie on a file: immutable answers may be kept by shared caches.
    const { shellDir } = remotesForShopper(config, registry, request.headers.cookie);
    const root = shellRoots(config, registry.current(), shellDir).find((dir) => isFile(path.join(dir, pathname)));
    return root ? reply.sendFile(pathname, root) : reply.callNotFound();
  });

  /**
   * The catalogue's answer at a public catalogue URL, asked of this gateway's own catalogue route
   * (cache, path rules and the shopper's rate limit included), or undefined past the page's budget.
   */
  const catalogAnswer = (request: FastifyRequest) => async (url: string): Promise<EmbeddedAnswer | undefined> => {
    const budget = new AbortController();
    const late = delay(config.pageDataBudgetMs, undefined, { signal: budget.signal }).catch(() => undefined);
    const answer = app
      .inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-encoding': 'identity' }, remoteAddress: request.ip })
      .then((response) => ({ status: response.statusCode, body: response.json() as unknown }))
      .catch((error: unknown) => {
        request.log.warn({ err: error }, `page data from ${url} could not be read`);
        return undefined;
      });
    try {
      return await Promise.race([answer, late]);
    } finally {
      budget.abort();
    }
  };

  const preparePage = async (request: FastifyRequest, pathname: string): Promise<PreparedRoute & { status: number; productTitle?: string }> => {
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    const data = await loadRouteData(pathname, catalogAnswer(request));
    // A product the catalogue does not have is a missing page to search engines too, not an empty one.
    const status = isKnownRoute(pathname) && !data.productMissing ? 200 : 404;
    const head = routeHead({ siteUrl: config.siteUrl, pathname, search, product: data.product, productMissing: data.productMissing });
    return { head, answers: data.answers, status, productTitle: data.product?.title };
  };

  /**
   * The page rendered on the server by the shopper's shell build (SERVER_RENDERING=on), or undefined
   * when it is off, that build has no server part or the render failed as a whole: the browser then
   * renders the page, as it always could.
   */
  const renderOnServer = async (request: FastifyRequest, route: PreparedRoute, locations: { remotes: Record<RemoteName, string>; shellDir: string }, product?: string) => {
    if (!config.serverRendering) return undefined;
    try {
      const renderPage = shellRenderer(locations.shellDir);
      if (!renderPage) return undefined;
      const language = languageFrom(request.headers.cookie);
      const page = await renderPage({
        url: request.url,
        language,
        pageName: product,
        answers: route.answers,
        serverEntries: serverEntries(config, locations.remotes, shellBuildId(locations.shellDir)),
        fetchAnswer: catalogAnswer(request),
        budgetMs: config.renderBudgetMs,
      });
      // A remote without a server build (the cart, the account pages) is the browser's by design.
      if (page.fallback && !page.fallback.endsWith('has no server build')) reportOnce(`part of ${request.url.split('?')[0]} is left to the browser: ${page.fallback}`);
      return { answers: page.answers, rendered: { html: page.html, language, pageName: product, screen: page.screen } };
    } catch (error) {
      reportOnce(`the server render of ${request.url.split('?')[0]} failed, so the browser renders it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return undefined;
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string, unbuilt: string) => {
    const locations = locationsFor(request, reply);
    const prepared = await preparePage(request, pathname);
    const route = { ...prepared, ...(await renderOnServer(request, prepared, locations, prepared.productTitle)) };
    const html = pageHtml(config, pathname, locations, route);
    if (html === undefined) return reply.code(404).send({ message: unbuilt });
    return reply.code(route.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.get('/', async (request, reply) => sendPage(request, reply, '/', 'Not found: the shell is not built'));
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
    const notFound = `Not found: ${request.method} ${pathname}`;
    if (!wantsPage) return reply.code(404).send({ message: notFound });
    return sendPage(request, reply, pathname, notFound);
  });

  return app;
}

/**
 * Every release on disk, each under its own id: all of a release is immutable (a new build is a
 * new id), so even its manifest and entry are cached for good. Releases no longer live stay
 * reachable for pages opened while they were.
 */
async function serveReleases(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/releases/',
    decorateReply: false,
    // Only files inside a release directory: not the registry, not a release's notes.
    allowedPath: (pathName: string) => notSourceMap(pathName) && /^\/[a-z]+\/[0-9A-Za-z.+_]{1,40}-[0-9a-f]{10}\/(?!release\.json$)/.test(pathName),
    index: false,
    preCompressed: true,
    wildcard: true,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('access-control-allow-origin', '*');
    },
  });
}

async function serveRemote(app: FastifyInstance, name: RemoteName, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `/remotes/${name}/`,
    decorateReply: false,
    allowedPath: notSourceMap,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControl(filePath));
      // The manifest is fetched cross-origin when a remote is hosted elsewhere than the shell.
      reply.header('access-control-allow-origin', '*');
    },
  });
}
