// What every server process of the shop shares to be watched: the JSON log line and tracing.
export * from './logging/index.ts';
export * from './tracing/index.ts';
export { startServiceTelemetry, type ServiceTelemetry } from './telemetry.ts';
