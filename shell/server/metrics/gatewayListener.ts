import { AggregatorRegistry } from 'prom-client';
import { startMetricsServer, type MetricsListener, type MetricsSettings } from 'service-kit/metrics';
import { registry } from './registry.ts';

/** One gateway process: its own registry on the metrics listener. */
export function serveGatewayMetrics(settings: MetricsSettings): Promise<MetricsListener | undefined> {
  return startMetricsServer(settings, async () => ({ contentType: registry.contentType, text: await registry.metrics() }));
}

/**
 * GATEWAY_WORKERS > 1: the primary holds the one metrics listener and sums its workers' figures
 * (prom-client asks each over the cluster's IPC channel); a scraper sees one gateway, as shoppers do.
 */
export function serveClusterMetrics(settings: MetricsSettings): Promise<MetricsListener | undefined> {
  if (settings.port === undefined) return Promise.resolve(undefined);
  const cluster = new AggregatorRegistry();
  return startMetricsServer(settings, async () => ({ contentType: cluster.contentType, text: await cluster.clusterMetrics() }));
}

/** In a worker: answer the primary's requests with this process's registry. */
export function answerClusterMetrics(): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
}
