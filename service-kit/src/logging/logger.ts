// The one JSON line every service writes (decision 0033):
// {"level":"info","time":"…","service":"catalog","instance":"host-123","req_id":"…","trace_id":"…","span_id":"…",…fields,"msg":"…"}
import { hostname } from 'node:os';
import { trace } from '@opentelemetry/api';
import { pino, stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { scrubText } from './scrub.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface LoggerSettings {
  /** gateway, catalog, checkout… */
  service: string;
  /** Which copy of the service (several run behind HAProxy): host and pid unless given. */
  instance?: string;
  /** LOG_LEVEL unless given; info when neither is a level. */
  level?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Fields whose values never reach a log line, wherever a request, a body or an error carries them
 * (one level of nesting by wildcard: pino's redaction is by path, compiled once, and cheap).
 */
export const REDACT_PATHS = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'card',
  'cardNumber',
  'number',
  'cvc',
  'client_secret',
  'clientSecret',
  'token',
  'idToken',
  'id_token',
  'refreshToken',
  'secretKey',
  'apiKey',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.newPassword',
  '*.card',
  '*.cardNumber',
  '*.cvc',
  '*.client_secret',
  '*.clientSecret',
  '*.token',
  '*.idToken',
  '*.id_token',
  '*.refreshToken',
  '*.secretKey',
  '*.apiKey',
];

function levelFrom(settings: LoggerSettings): LogLevel {
  const wanted = (settings.level ?? (settings.env ?? process.env).LOG_LEVEL ?? 'info').toLowerCase();
  return (LEVELS.includes(wanted) ? wanted : 'info') as LogLevel;
}

/** The active span's ids on each line, so a log line leads to its trace and back. */
function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** pino's options for the shop's line shape; fastify's own logger takes them too. */
export function logOptions(settings: LoggerSettings): LoggerOptions {
  return {
    level: levelFrom(settings),
    base: { service: settings.service, instance: settings.instance ?? `${hostname()}-${process.pid}` },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    mixin: traceFields,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // An Error's message and stack are scrubbed; some callers log the message alone (err: error.message).
      err: (error: unknown) => {
        if (typeof error === 'string') return scrubText(error);
        if (!(error instanceof Error)) return error;
        const out = stdSerializers.err(error);
        return { ...out, message: scrubText(out.message ?? ''), stack: out.stack ? scrubText(out.stack) : out.stack };
      },
      // fastify's request line: method and path; the query string is scrubbed (a token may ride there).
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url ? scrubText(req.url) : req.url }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
    hooks: {
      // Message text is scrubbed by shape: a secret interpolated into a message has no field name.
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
}

/** A service's logger, writing JSON lines to stdout (or to the given stream, in tests). */
export function createLogger(settings: LoggerSettings, destination?: DestinationStream): Logger {
  return destination ? pino(logOptions(settings), destination) : pino(logOptions(settings));
}
