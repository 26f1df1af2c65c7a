// Entry point: `node mf-catalog/server/main.ts` (Node 24 runs the TypeScript directly).
// First: tracing patches http and pg before the modules below load them; logs are JSON lines (service-kit).
import { logger, tracing } from './telemetry.ts';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { createCatalogServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startMetricsServer } from 'service-kit/metrics';
import { registry } from './metrics/registry.ts';
import { SchemaTooNewError } from './storage/migrations/runner.ts';

const packageDir = join(import.meta.dirname, '..');

async function main(): Promise<void> {
  const config = loadConfig(process.env, { sqlitePath: join(packageDir, '.data', 'catalog.db') });
  const server = await createCatalogServer(config, { logger });
  const url = await server.listen();
  const metrics = await startMetricsServer(config.metrics, async () => ({ contentType: registry.contentType, text: await registry.metrics() }));
  // SIGTERM (a supervisor, Kubernetes) or SIGINT: readiness fails first, then the listener closes
  // while requests in flight finish, then the pools close; past the grace period the process exits
  // regardless. Installed before the address is announced: a supervisor may stop the service the
  // moment it reads that line.
  closeWithGrace({ delay: config.shutdownGraceMs, logger: { error: (message: string) => logger.error(message) } }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'stopping after an unexpected error');
    else logger.info(`${signal ?? 'stop'} received, finishing requests in flight`);
    server.beginShutdown();
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    await server.close();
    await metrics?.close();
    await tracing.shutdown();
  });
  logger.info(`catalog service listening on ${url} (${server.store.description})`);
  if (metrics) logger.info(`metrics at ${metrics.url}`);
  if (config.internalToken === null) logger.warn('INTERNAL_TOKEN is not set, so the stock API refuses every call');
}

main().catch((error: unknown) => {
  // A bad setting or a database a newer release migrated: the operator's fix is in the one line,
  // plain on stderr (the service never ran, there is no request to follow).
  const message =
    error instanceof ConfigError || error instanceof SchemaTooNewError
      ? error.message
      : `catalog service failed to start: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
