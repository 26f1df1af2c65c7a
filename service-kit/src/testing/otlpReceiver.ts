// A stand-in for an OpenTelemetry collector, for tests that start services as processes: it takes
// OTLP/HTTP JSON (what @opentelemetry/exporter-trace-otlp-http sends) and keeps the spans in memory.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbering: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[] }[] }[];
  }[];
}

function valueOf(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue ?? '';
}

const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

export function spansOf(request: OtlpRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resource) => {
    const service = String(attributesOf(resource.resource?.attributes)['service.name'] ?? '');
    return (resource.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_TRACES_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** Waits until the spans received satisfy the check (a service exports in batches). */
  waitFor(check: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    async waitFor(check, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (!check(spans)) {
        if (Date.now() > until)
          throw new Error(`the spans expected did not arrive in ${timeoutMs} ms; received:\n${spans.map((s) => `${s.service} ${s.name}`).join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return spans;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
