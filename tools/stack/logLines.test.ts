import { formatLogLine, logFormatFrom } from './logLines.ts';

const line = JSON.stringify({
  level: 'info',
  time: '2026-11-27T04:05:12.345Z',
  service: 'catalog',
  instance: 'vm-1',
  req_id: '8f14e45f-ceea-467f-a0e6-1b2c3d4e5f60',
  trace_id: '0af7651916cd43dd8448eb211c80319c',
  msg: 'request completed',
});

describe('formatLogLine', () => {
  it('shows a JSON line as time, level, message and the start of the request id', () => {
    expect(formatLogLine('catalog', line, 'pretty')).toBe('[catalog] 04:05:12.345 INFO  request completed  req=8f14e45f');
  });

  it("adds fastify's request and answer", () => {
    const asked = JSON.stringify({
      level: 'info',
      time: '2026-11-27T04:05:12.345Z',
      service: 'catalog',
      req_id: 'c5ad47db-1',
      req: { method: 'GET', url: '/products/3' },
      msg: 'incoming request',
    });
    const answered = JSON.stringify({
      level: 'info',
      time: '2026-11-27T04:05:12.350Z',
      service: 'catalog',
      req_id: 'c5ad47db-1',
      res: { status: 200 },
      responseTime: 5.123,
      msg: 'request completed',
    });
    expect(formatLogLine('catalog', asked, 'pretty')).toBe('[catalog] 04:05:12.345 INFO  incoming request GET /products/3  req=c5ad47db');
    expect(formatLogLine('catalog', answered, 'pretty')).toBe('[catalog] 04:05:12.350 INFO  request completed 200 5.1 ms  req=c5ad47db');
  });

  it("names the line's service when it is not the process's name, and an error's message", () => {
    const error = JSON.stringify({ level: 'error', time: '2026-11-27T04:05:12.345Z', service: 'gateway', msg: 'render failed', err: { message: 'timeout' } });
    expect(formatLogLine('shell', error, 'pretty')).toBe('[shell] 04:05:12.345 ERROR gateway render failed: timeout');
  });

  it('passes lines through with LOG_FORMAT=json, and any line that is not a log line', () => {
    expect(formatLogLine('catalog', line, 'json')).toBe(`[catalog] ${line}`);
    expect(formatLogLine('webpack', 'compiled successfully', 'pretty')).toBe('[webpack] compiled successfully');
    expect(formatLogLine('x', '{"not":"a log line"}', 'pretty')).toBe('[x] {"not":"a log line"}');
    expect(logFormatFrom({ LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormatFrom({})).toBe('pretty');
  });
});
