import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

const tracer = () => trace.getTracer('storefront');

/**
 * Runs fn inside a span of its own (the active span meanwhile, so calls made inside are its
 * children). A throw marks the span as failed and goes on. Names are templates, never raw URLs.
 */
export async function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The synchronous twin of inSpan, for node:sqlite's statements. */
export function inSpanSync<T>(name: string, attributes: Attributes, fn: () => T, kind: SpanKind = SpanKind.CLIENT): T {
  return tracer().startActiveSpan(name, { kind, attributes }, (span) => {
    try {
      return fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The ids of the active span, for a line or a header; undefined outside any span. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getActiveSpan();
  return span ? span.spanContext() : undefined;
}

/** Renames the active span (a request's span once its route is known); nothing outside a span. */
export function nameActiveSpan(name: string, attributes: Attributes = {}): void {
  trace.getActiveSpan()?.updateName(name).setAttributes(attributes);
}

/** Adds attributes to the active span (what a render found out); nothing outside a span. */
export function addSpanAttributes(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}
