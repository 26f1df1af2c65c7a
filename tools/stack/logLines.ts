// npm start prints the services' JSON log lines (service-kit) as one short line a person reads:
//   [catalog] 04:05:12.345 INFO  catalog service listening on http://127.0.0.1:3101  req=8f14e45f
// unless LOG_FORMAT=json, which passes them through as they are (to pipe into jq or a collector).
// A line that is not one of those JSON lines (a tool's own output) is printed as it came.

export type LogFormat = 'pretty' | 'json';

export function logFormatFrom(env: NodeJS.ProcessEnv): LogFormat {
  return env.LOG_FORMAT === 'json' ? 'json' : 'pretty';
}

interface LogLine {
  time?: unknown;
  level?: unknown;
  service?: unknown;
  msg?: unknown;
  req_id?: unknown;
  err?: { message?: unknown; stack?: unknown };
  req?: { method?: unknown; url?: unknown };
  res?: { status?: unknown };
  responseTime?: unknown;
}

/** fastify's request lines: what was asked, and how it was answered. */
function requestText(line: LogLine): string {
  const asked = line.req && typeof line.req.method === 'string' ? ` ${line.req.method} ${String(line.req.url)}` : '';
  const answered = line.res && typeof line.res.status === 'number' ? ` ${line.res.status}` : '';
  const took = typeof line.responseTime === 'number' ? ` ${line.responseTime.toFixed(1)} ms` : '';
  return `${asked}${answered}${took}`;
}

function parse(line: string): LogLine | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(line) as unknown;
    return parsed && typeof parsed === 'object' && 'level' in parsed && 'msg' in parsed ? (parsed as LogLine) : undefined;
  } catch {
    return undefined;
  }
}

/** The line as npm start shows it, behind the process's [name]. */
export function formatLogLine(name: string, line: string, format: LogFormat): string {
  const parsed = format === 'pretty' ? parse(line) : undefined;
  if (!parsed) return `[${name}] ${line}`;
  const time = typeof parsed.time === 'string' ? parsed.time.slice(11, 23) : '';
  const level = String(parsed.level).toUpperCase().padEnd(5);
  const service = typeof parsed.service === 'string' && parsed.service !== name ? ` ${parsed.service}` : '';
  const request = typeof parsed.req_id === 'string' ? `  req=${parsed.req_id.slice(0, 8)}` : '';
  // An error's own message (and first stack line) when the message does not already say it.
  const errorText = typeof parsed.err?.message === 'string' && !String(parsed.msg).includes(parsed.err.message) ? `: ${parsed.err.message}` : '';
  return `[${name}] ${time} ${level}${service} ${String(parsed.msg)}${errorText}${requestText(parsed)}${request}`;
}
