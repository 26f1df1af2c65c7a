export { otlpTracesUrl, startTracing, tracingStarted, type Tracing, type TracingSettings } from './setup.ts';
export { activeTraceIds, addSpanAttributes, inSpan, inSpanSync, nameActiveSpan } from './spans.ts';
export { traceRoutes } from './fastify.ts';
export { sqlSpanName, traceSqlite } from './sqlite.ts';
