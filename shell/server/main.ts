// First: tracing patches http before the modules below load it; logs are JSON lines (service-kit).
import { logger, tracing } from './telemetry.ts';
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { loadGatewayConfig, type GatewayConfig } from './config.ts';
import { createGateway } from './gateway.ts';
import { answerClusterMetrics, serveClusterMetrics, serveGatewayMetrics } from './metrics/gatewayListener.ts';

/** One page of each server-rendered screen (mf-catalog's serverExposes), rendered before announcing. */
const WARM_UP_PAGES = ['/', '/shop', '/shop/1', '/search?q=chair'];
/** The gateway announces itself after this long even if warming up is not done (it goes on). */
const WARM_UP_CAP_MS = 8_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function serve(config: GatewayConfig): Promise<void> {
  let stopping = false;
  const app = await createGateway(config, { stopping: () => stopping, logger });
  await app.listen({ host: config.host, port: config.port });
  // A worker's figures reach the scraper through the primary's listener (serveClusterMetrics).
  if (cluster.isWorker) answerClusterMetrics();
  const metrics = cluster.isWorker ? undefined : await serveGatewayMetrics(config.metrics);
  // SIGTERM or SIGINT: readiness fails first, then the listener closes while requests in flight
  // finish; past the grace period the process exits regardless. Installed before the address is
  // announced: a supervisor may stop the gateway the moment it reads that line.
  closeWithGrace({ delay: config.shutdownGraceMs, logger: { error: (message: string) => logger.error(message) } }, async ({ err }) => {
    if (err) logger.error({ err }, 'stopping after an unexpected error');
    stopping = true;
    if (cluster.isWorker) process.send?.(STOPPING);
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    await app.close();
    await metrics?.close();
    await tracing.shutdown();
  });
  // A page's first render loads the shell's server build and its screen's chunk of the catalogue's
  // (over HTTP, from this gateway): one page of each kind now, so the first shopper's page of any
  // kind is rendered within its budget too (on a busy machine a cold screen missed it). One after
  // another: four cold pages at once pushed one of them past its own render budget.
  if (config.serverRendering) {
    const warmUp = (async () => {
      for (const url of WARM_UP_PAGES) await app.inject({ url }).catch(() => undefined);
    })();
    await Promise.race([warmUp, delay(WARM_UP_CAP_MS)]);
  }
  if (cluster.isPrimary) logger.info(`storefront at http://localhost:${config.port}`);
  if (metrics) logger.info(`metrics at ${metrics.url}`);
}

/** A worker's word to the primary that it has begun to stop. */
const STOPPING = 'gateway:stopping';
/** How long a terminal's signal takes to reach every worker and their word to come back. */
const SIGNAL_SPREAD_MS = 250;

/**
 * GATEWAY_WORKERS > 1: that many gateway processes share the port (node:cluster hands each new
 * connection to one of them), so the gateway can use every core. A worker that dies is replaced;
 * SIGINT/SIGTERM stop them all.
 */
function supervise(config: GatewayConfig): void {
  let listening = 0;
  let stopping = false;
  cluster.on('listening', () => {
    if (++listening === config.workers) logger.info(`storefront at http://localhost:${config.port} (${config.workers} workers)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (listening < config.workers) {
      // It never came up (a port taken, a bad build): starting it again would fail the same way.
      logger.error(`worker ${worker.process.pid} ended (${signal ?? code}) before the gateway was up`);
      stop();
      process.exitCode = 1;
      return;
    }
    logger.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  // Ctrl-C reaches every worker from the terminal already, and close-with-grace cuts a stop short
  // (exit 1) at a second signal: only workers that have not said they are stopping get SIGTERM.
  const alreadyStopping = new Set<number>();
  cluster.on('message', (worker, message) => {
    if (message === STOPPING) alreadyStopping.add(worker.id);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) if (worker && !alreadyStopping.has(worker.id)) worker.process.kill('SIGTERM');
    }, SIGNAL_SPREAD_MS);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < config.workers; i++) cluster.fork();
  void serveClusterMetrics(config.metrics).then(
    (metrics) => metrics && logger.info(`metrics at ${metrics.url}`),
    (error: unknown) => {
      logger.error(`metrics listener: ${error instanceof Error ? error.message : String(error)}`);
      stop();
      process.exitCode = 1;
    },
  );
}

try {
  const config = loadGatewayConfig(process.env, repoRoot);
  if (cluster.isPrimary && config.workers > 1) supervise(config);
  else await serve(config);
} catch (error) {
  // The gateway never ran: the operator's fix in one plain line on stderr, not a JSON log line.
  const message = error instanceof Error ? error.message : String(error);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`[gateway] port already in use: ${message}. Stop the other process or set PORT.\n`);
  } else {
    process.stderr.write(`[gateway] ${message}\n`);
  }
  process.exit(1);
}
