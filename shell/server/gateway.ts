import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { fastifyLogging, passRequestId, traceRoutes, type Logger } from 'service-kit';
import { unroutableAddress } from 'service-kit/address-errors';
import { refuseOversizedBodies } from 'service-kit/body-limits';
import { bodyLimitFamilies, bodyLimitOf, GATEWAY_BODY_LIMIT } from './bodyLimits.ts';
import type { GatewayConfig } from './config.ts';
import { catalogProxy } from './catalogProxy.ts';
import { openContactStore } from './contact/contactStore.ts';
import { registerContactRoute } from './contact/contactRoute.ts';
import { crawlers } from './crawlers.ts';
import { refuseCrossSiteWrites, registerCatalogCors } from './crossOrigin.ts';
import { files } from './files.ts';
import { registerVitalsFiguresRoute } from './figures/figuresRoute.ts';
import { headerPolicy, registerErrorAnswers, registerSecurityHeaders, registerUncachedRefusals } from './headers.ts';
import { registerHealthRoutes } from './health.ts';
import { registerGatewayMetrics } from './metrics/gatewayMetrics.ts';
import { pages } from './pages.ts';
import { registerRateLimits } from './rateLimits.ts';
import { serviceProxies } from './serviceProxies.ts';
import { registerVitalsRoute } from './vitals/vitalsRoute.ts';
import { openRegistry } from '../releases/openRegistry.ts';
import type { RegistryStore } from '../releases/registryStore.ts';

/**
 * The gateway: what every answer gets (security headers, compression, cross-origin rules, rate
 * limits, cookies) on the instance itself, then each job as its own plugin.
 * `stopping`: true once the process is shutting down, so /readyz turns 503 before the listener closes.
 * `registry`: which release of each remote is live (default: the shop's own, see releases/openRegistry).
 * `logger`: the process's JSON logger (service-kit); none in tests, which want a quiet gateway.
 */
export async function createGateway(
  config: GatewayConfig,
  options: { stopping?: () => boolean; registry?: RegistryStore; logger?: Logger } = {},
): Promise<FastifyInstance> {
  const registry = options.registry ?? (await openRegistry(config, { listen: true }));
  const headersFor = headerPolicy(config, registry);
  const app = Fastify({
    ...fastifyLogging(options.logger),
    bodyLimit: GATEWAY_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Answered before any hook: without the security headers, that 400 went out bare.
    frameworkErrors: unroutableAddress(() => headersFor()),
  });
  passRequestId(app);
  traceRoutes(app);
  registerErrorAnswers(app);
  registerGatewayMetrics(app);
  if (!options.registry) app.addHook('onClose', async () => registry.close());
  const contact = await openContactStore({ databaseUrl: config.databaseUrl, sqliteFile: config.contactDb });
  app.addHook('onClose', async () => contact.close());

  registerSecurityHeaders(app, headersFor);
  registerUncachedRefusals(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await registerCatalogCors(app);
  refuseCrossSiteWrites(app);
  const limits = await registerRateLimits(app, config.rateLimits);
  refuseOversizedBodies(app, { limitOf: bodyLimitOf(bodyLimitFamilies(config.importMaxBytes)) });

  await app.register(catalogProxy, { config, routeLimit: limits.routeLimit(config.rateLimits.catalogPerMinute, 'catalog') });
  await app.register(serviceProxies, { config });
  registerContactRoute(app, contact, { config: limits.routeLimit(config.rateLimits.contactPerMinute, 'contact') });
  registerVitalsRoute(app, { config: limits.routeLimit(config.rateLimits.vitalsPerMinute, 'vitals') });
  registerVitalsFiguresRoute(app, { checkoutUrl: config.checkoutUrl });
  registerHealthRoutes(app, config, options.stopping ?? (() => false));
  await app.register(crawlers, { config });
  await app.register(files, { config, registry });
  await app.register(pages, { config, registry });
  return app;
}
