// What a service knows of tracing without loading the SDK (decision 0033: off costs nothing, not
// even the second it takes to load the SDK on a busy machine).

export interface Tracing {
  readonly enabled: boolean;
  /** Sends what is buffered (a test's assertions, a stopping process). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export const TRACING_OFF: Tracing = { enabled: false, flush: async () => undefined, shutdown: async () => undefined };

let current: Tracing | undefined;

/** The running tracing, once started (startTracing answers it to a second call). */
export function started(): Tracing | undefined {
  return current;
}

export function setStarted(tracing: Tracing): Tracing {
  current = tracing;
  return tracing;
}

/** Whether this process traces (a database wrapper skips its work when it does not). */
export function tracingStarted(): boolean {
  return current?.enabled === true;
}

/** Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
export function otlpTracesUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
}
