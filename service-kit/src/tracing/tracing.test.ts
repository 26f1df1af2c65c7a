import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { inSpan, nameActiveSpan, otlpTracesUrl } from '../index.ts';
import { startTracing } from './setup.ts';

// In jest the http module is jest's, which the http instrumentation cannot patch: incoming requests
// and http.request calls are traced in the services' own processes (their tests export to a local
// OTLP receiver). fetch is traced through diagnostics channels, so it is traced here too.
const exporter = new InMemorySpanExporter();
const tracing = startTracing({ service: 'kit-test', exporter });
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => response.end(request.headers.traceparent ?? 'none'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await tracing.shutdown();
});
beforeEach(() => exporter.reset());

describe('startTracing', () => {
  it('answers the same handle to a second call', () => {
    expect(startTracing({ service: 'other' })).toBe(tracing);
    expect(tracing.enabled).toBe(true);
  });

  it('makes fetch a client span of the active span and sends the trace on in traceparent', async () => {
    const traceparent = await inSpan('work', {}, async () => (await fetch(`${base}/items/7`)).text());
    const spans = exporter.getFinishedSpans();
    const work = spans.find((span) => span.name === 'work')!;
    const call = spans.find((span) => span.kind === SpanKind.CLIENT)!;
    expect(call.spanContext().traceId).toBe(work.spanContext().traceId);
    expect(call.parentSpanContext?.spanId).toBe(work.spanContext().spanId);
    expect(traceparent).toBe(`00-${work.spanContext().traceId}-${call.spanContext().spanId}-01`);
    // Named by method, never by the raw URL with its ids.
    expect(call.name).toBe('GET');
  });

  it('does not trace a fetch made outside any request (a background poll)', async () => {
    expect(await (await fetch(`${base}/poll`)).text()).toBe('none');
    expect(exporter.getFinishedSpans()).toHaveLength(0);
  });

  it('marks a span whose work throws as failed, and the throw goes on', async () => {
    await expect(inSpan('failing', { 'app.step': 'charge' }, async () => Promise.reject(new Error('declined')))).rejects.toThrow('declined');
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({ name: 'failing', attributes: { 'app.step': 'charge' }, status: { code: SpanStatusCode.ERROR, message: 'declined' } });
  });

  it('renames the active span by a route template', async () => {
    await inSpan('GET', {}, async () => nameActiveSpan('GET /shop/:id', { 'http.route': '/shop/:id' }));
    expect(exporter.getFinishedSpans()[0]).toMatchObject({ name: 'GET /shop/:id', attributes: { 'http.route': '/shop/:id' } });
  });
});

describe('otlpTracesUrl', () => {
  it('is off unless an endpoint is set, and honours OTEL_SDK_DISABLED', () => {
    expect(otlpTracesUrl({})).toBeUndefined();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' })).toBe('http://c:4318/custom');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
  });
});
