import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyLogging, passRequestId, traceRoutes, type Logger } from 'service-kit';
import { unroutableAddress } from 'service-kit/address-errors';
import { JSON_BODY_LIMIT, refuseOversizedBodies } from 'service-kit/body-limits';
import type { CatalogConfig } from './config.ts';
import { registerOpenApiRoute } from './api/openapi.ts';
import { isPublicApiPath, registerCors } from './http/cors.ts';
import { registerDelay } from './http/delay.ts';
import { installErrorHandling } from './http/errors.ts';
import { registerHealthRoutes } from './http/health.ts';
import { createCurrentRoles, createIdTokenVerifier } from 'service-kit/firebase-auth';
import { registerHttpMetrics } from 'service-kit/metrics';
import { httpDuration, httpRequests } from './metrics/registry.ts';
import { registerSearchFiguresRoute } from './metrics/figuresRoute.ts';
import { registerEventRoutes } from './events/routes.ts';
import { registerSitemapRoutes } from './sitemap/routes.ts';
import { registerImageRoutes } from './images/routes.ts';
import { registerProductRoutes } from './products/routes.ts';
import { ImportJobs } from './importer/jobs.ts';
import { registerImportRoutes } from './importer/routes.ts';
import { registerProductWriteRoutes } from './products/writes.ts';
import { keepStaffAnswersUncached } from './staff/uncachedAnswers.ts';
import { SearchService } from './search/service.ts';
import { generateBatches } from './seed/generator.ts';
import { registerStockRoutes } from './stock/routes.ts';
import { openStore } from './storage/open.ts';
import type { CatalogStore } from './storage/repository.ts';

export interface CatalogServer {
  app: FastifyInstance;
  store: CatalogStore;
  search: SearchService;
  /** From now on /readyz answers 503: a load balancer stops sending new requests. */
  beginShutdown(): void;
  /** Starts listening on the configured host and port (0 picks a free port); resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Loads the deterministic seed catalogue into an empty store, so a fresh machine has a shop to browse. */
async function seedIfEmpty(store: CatalogStore, config: CatalogConfig): Promise<void> {
  if (config.seedProducts === 0 || (await store.countProducts()) > 0) return;
  for await (const batch of generateBatches(config.seed, config.seedProducts, 1000)) await store.upsertProducts(batch);
}

async function buildApp(
  config: CatalogConfig,
  store: CatalogStore,
  search: SearchService,
  jobs: ImportJobs,
  stopping: () => boolean,
  logger?: Logger,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...fastifyLogging(logger),
    // The stock API and product writes take bodies, and those are a few lines of JSON; an import
    // file takes more (importer/routes.ts). The gateway holds them to the same (shell/server/bodyLimits.ts).
    bodyLimit: JSON_BODY_LIMIT,
    // An address the router cannot take is answered before any hook: in the shop's shape, no-store.
    frameworkErrors: unroutableAddress(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  passRequestId(app);
  traceRoutes(app);
  installErrorHandling(app);
  refuseOversizedBodies(app);
  keepStaffAnswersUncached(app);
  registerHttpMetrics(app, { requests: httpRequests, duration: httpDuration });
  await registerCors(app);
  registerDelay(app, (request) => isPublicApiPath(request.url));
  registerHealthRoutes(app, { store, search, stopping });

  // A POST with a JSON content type but no body (commit, release) is valid here, not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else void parseJson(request, body as string, done);
  });

  registerProductRoutes(app, {
    repository: store,
    imageBase: config.publicImageBase,
    apiBase: config.publicApiBase,
    menuCategories: config.menuCategories,
    maxLimit: config.maxLimit,
    countCacheTtlMs: config.countCacheTtlMs,
    productCache: { maxEntries: config.productCacheSize, ttlMs: config.productCacheTtlMs },
    search,
  });
  const writeAccess = { adminToken: config.adminToken, verifier: createIdTokenVerifier(config.firebase), currentRoles: createCurrentRoles(config.firebase) };
  registerProductWriteRoutes(app, { repository: store, ...writeAccess, imageBase: config.publicImageBase });
  const ownOrigins = [config.siteUrl, config.publicApiBase].filter((base) => /^https?:/.test(base));
  registerImportRoutes(app, { ...writeAccess, jobs, limits: config.importLimits, ownOrigins, allowedOrigins: config.importAllowedOrigins });
  registerSearchFiguresRoute(app, writeAccess);
  registerOpenApiRoute(app, { serverUrl: config.publicApiBase, maxLimit: config.maxLimit });
  registerSitemapRoutes(app, { repository: store, site: config.siteUrl });
  registerImageRoutes(app);
  registerEventRoutes(app, store);
  registerStockRoutes(app, { repository: store, internalToken: config.internalToken, imageBase: config.publicImageBase });
  return app;
}

export interface CatalogServerOptions {
  /** The process's JSON logger (service-kit); none in tests, which want a quiet service. */
  logger?: Logger;
  /** Starts the word search on the store (default: SearchService.start); tests slow its build down or break it. */
  startSearch?: (store: CatalogStore) => SearchService;
}

/**
 * Opens the store and answers without waiting for the word search's index: the caller listens at
 * once, /readyz answers 503 with the build's progress until the index is in place, and word searches
 * meanwhile get the substring search (products/routes.ts).
 */
export async function createCatalogServer(config: CatalogConfig, options: CatalogServerOptions = {}): Promise<CatalogServer> {
  const store = await openStore(config);
  let search: SearchService | undefined;
  try {
    await seedIfEmpty(store, config);
    store.warmUp();
    search = (options.startSearch ?? ((catalogue) => SearchService.start(catalogue)))(store);
    return await serve(config, store, search, options.logger);
  } catch (error) {
    await search?.close();
    await store.close();
    throw error;
  }
}

async function serve(config: CatalogConfig, store: CatalogStore, search: SearchService, logger?: Logger): Promise<CatalogServer> {
  // At a million products this line comes up to a minute after "listening": the search is ready.
  void search.whenBuilt().then(() => logger?.info(search.describe()));
  let stopping = false;
  const jobs = new ImportJobs({ store, limits: config.importLimits, allowedOrigins: config.importAllowedOrigins });
  const app = await buildApp(config, store, search, jobs, () => stopping, logger);
  await app.ready();
  return {
    app,
    store,
    search,
    beginShutdown() {
      stopping = true;
    },
    async listen() {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    },
    async close() {
      await app.close();
      await jobs.close();
      await search.close();
      await store.close();
    },
  };
}
