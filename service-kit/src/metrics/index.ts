// The metrics every service serves the same way (decision 0032): requests by route template with
// their latency, and the listener of its own that answers GET /metrics. Each service keeps its own
// registry and its own figures (<app>/server/metrics).
export { httpInstruments, registerHttpMetrics, UNMATCHED } from './httpMetrics.ts';
export { startMetricsServer } from './metricsServer.ts';
export type { MetricsListener, MetricsSettings } from './metricsServer.ts';
