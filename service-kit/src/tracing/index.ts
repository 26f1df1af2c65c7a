// The SDK itself (setup.ts) is loaded only when tracing is on: service-kit/tracing-sdk, or startServiceTelemetry.
export { otlpTracesUrl, tracingStarted, TRACING_OFF, type Tracing } from './state.ts';
export { activeTraceIds, addSpanAttributes, inSpan, inSpanSync, nameActiveSpan } from './spans.ts';
export { traceRoutes } from './fastify.ts';
export { sqlSpanName, traceSqlite } from './sqlite.ts';
