// First: tracing patches http and pg before the modules below load them; logs are JSON lines (service-kit).
import { logger, tracing } from './telemetry.ts';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { createCheckoutServer } from './app.ts';
import { ConfigError, loadConfig, type CheckoutConfig } from './config.ts';
import { startMetricsServer } from 'service-kit/metrics';
import { registry } from './metrics/registry.ts';
import { SchemaTooNewError } from 'service-kit/migrations';

let config: CheckoutConfig;
try {
  config = loadConfig(process.env, { sqlitePath: path.join(import.meta.dirname, '..', '.data', 'orders.db') });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // A bad setting: the operator's fix in one plain line on stderr (the service never ran).
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const server = await createCheckoutServer(config, { logger }).catch((error: Error) => {
  // A database a newer release migrated: its own line says what happened and what to do.
  process.stderr.write(`${error instanceof SchemaTooNewError ? error.message : `Checkout service could not start: ${error.message}`}\n`);
  process.exit(1);
});

// SIGTERM (a supervisor, Kubernetes) or SIGINT: readiness fails first, then the listener closes while
// checkouts in flight finish (a charge already sent completes and its order is recorded), then
// storage closes; past the grace period the process exits regardless, and recovery settles the rest
// at the next start. Installed before the service listens and announces its address: a supervisor
// may stop it the moment it reads that line.
closeWithGrace({ delay: config.shutdownGraceMs, logger: { error: (message: string) => logger.error(message) } }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an unexpected error');
  else server.app.log.info(`${signal ?? 'stop'} received, finishing requests in flight`);
  server.beginShutdown();
  if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  await server.close();
  await metrics?.close();
  await tracing.shutdown();
});

const metrics = await startMetricsServer(config.metrics ?? { port: undefined, host: '127.0.0.1' }, async () => ({
  contentType: registry.contentType,
  text: await registry.metrics(),
})).catch((error: Error) => {
  logger.error(`could not serve its metrics on ${config.metrics?.host}:${config.metrics?.port}: ${error.message}`);
  process.exit(1);
});
if (metrics) server.app.log.info(`checkout service metrics at ${metrics.url}`);

try {
  const address = await server.listen();
  server.app.log.info(
    `checkout service listening on ${address} (storage: ${config.databaseUrl ? 'PostgreSQL' : config.sqlitePath}, ` +
      `payments: ${config.stripe.secretKey ? 'Stripe' : `stripe-stateful-mock at ${config.stripe.mockUrl}`})`,
  );
} catch (error) {
  logger.error(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  await server.close().catch(() => undefined);
  process.exit(1);
}
