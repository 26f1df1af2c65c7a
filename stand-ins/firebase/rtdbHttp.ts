import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Plain HTTP on the database port: `/healthz` and `/readyz` for supervisors, nothing else (the
 * database is reached over WebSockets; REST is not served). A page of another origin gets nothing.
 */
export function answerHttp(request: IncomingMessage, response: ServerResponse, allowed: ReadonlySet<string>, stopping: boolean): void {
  const origin = request.headers.origin;
  const pathname = (request.url ?? '/').split('?')[0];
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  if (origin && !allowed.has(origin)) return send(403, { message: 'Origin not allowed' });
  if (pathname === '/healthz') return send(200, { status: 'ok' });
  if (pathname === '/readyz') return stopping ? send(503, { status: 'unavailable', reason: 'the database is stopping' }) : send(200, { status: 'ready' });
  send(426, { message: 'Connect over WebSocket; this database does not serve REST' });
}
