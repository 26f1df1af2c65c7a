export { otlpTracesUrl, startTracing, type Tracing, type TracingSettings } from './setup.ts';
export { activeTraceIds, inSpan, inSpanSync } from './spans.ts';
export { traceRoutes } from './fastify.ts';
