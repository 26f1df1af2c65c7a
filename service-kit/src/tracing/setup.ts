// OpenTelemetry for a service's process (decision 0033): W3C trace context in and out, spans for
// incoming requests, outgoing http(s) calls, fetch and undici calls and PostgreSQL queries, exported
// over OTLP/HTTP. Off unless an OTLP endpoint is set: then nothing is installed and the API's no-op
// tracer costs a function call per span.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { isProbePath } from '../probes.ts';
import { otlpTracesUrl, setStarted, started, TRACING_OFF, type Tracing } from './state.ts';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';

export type { Tracing } from './state.ts';

export interface TracingSettings {
  /** gateway, catalog, checkout… (the resource's service.name) */
  service: string;
  instance?: string;
  env?: NodeJS.ProcessEnv;
  /** Tests: spans go here, one by one, whatever the environment says. */
  exporter?: SpanExporter;
}

/** OTEL_BSP_SCHEDULE_DELAY (ms between batches; the SDK's 5 s otherwise), which OpenTelemetry 3 no longer reads itself. */
function batchDelay(env: NodeJS.ProcessEnv): number | undefined {
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  return Number.isInteger(delay) && delay > 0 ? delay : undefined;
}

/**
 * Call first thing in a service's main.ts, before the modules that load http, pg or fastify. A second
 * call answers the first one's handle (a test process that starts several services).
 */
export function startTracing(settings: TracingSettings): Tracing {
  const already = started();
  if (already) return already;
  const env = settings.env ?? process.env;
  const url = otlpTracesUrl(env);
  if (!settings.exporter && !url) return TRACING_OFF;

  const exporter = settings.exporter ?? new OTLPTraceExporter({ url });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.service,
      'service.instance.id': settings.instance ?? `${hostname()}-${process.pid}`,
    }),
    // A test reads each span as it ends; a running service sends them in batches off the request path.
    spanProcessors: [settings.exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter, scheduledDelayMillis: batchDelay(env) })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  const instrumentations = [
    // Outgoing calls only inside a request's trace: a background poll (the gateway's change stream)
    // would otherwise start a trace of its own every few seconds.
    new HttpInstrumentation({
      // Probes and scrapes would fill the traces with noise.
      ignoreIncomingRequestHook: (request) => isProbePath(request.url),
      requireParentforOutgoingSpans: true,
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
  ];
  patchBuiltins();

  return setStarted({
    enabled: true,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await provider.shutdown();
    },
  });
}

/**
 * The http instrumentation patches node:http when it is required; the services import it as ES
 * modules, which require-in-the-middle does not see. Requiring the builtins here applies the patch,
 * and syncBuiltinESMExports hands it to `import { request } from 'node:http'` as well.
 */
function patchBuiltins(): void {
  const require = createRequire(join(process.cwd(), 'service-kit-tracing.cjs'));
  require('node:http');
  require('node:https');
  syncBuiltinESMExports();
}
