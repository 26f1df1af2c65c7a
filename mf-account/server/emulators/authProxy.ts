/**
 * The front door of the local Auth emulator, on the port the shop's pages and services use. The
 * emulator itself answers anybody: it sends permissive CORS headers, so any web page a person
 * visits while the shop runs could call it; its admin API (/emulator/...) lists and deletes every
 * account; and its ID tokens are unsigned, so anyone can write one for any uid. In front of it:
 *
 *  - a request whose Origin is not one of the shop's is refused (server-side callers send none);
 *  - the admin API is for server-side callers only;
 *  - every ID token the emulator hands out is recorded (IssuedTokens), and
 *    `POST /storefront/v1/tokens:verify {idToken}` tells the database and the checkout service
 *    whether a token really came from here and whose it is;
 *  - every request that may change accounts is reported, so the accounts can be saved;
 *  - `/healthz` and `/readyz` answer supervisors (readiness: the emulator behind it answers).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IssuedTokens } from './issuedTokens.ts';

export const verifyPath = '/storefront/v1/tokens:verify';

export interface AuthProxyOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The emulator, e.g. http://127.0.0.1:41234. */
  upstream: string;
  projectId: string;
  /** Origins of the shop's pages (e.g. http://localhost:3000). Requests without an Origin always pass. */
  allowedOrigins: readonly string[];
  tokens: IssuedTokens;
  /** Called after a request that may have changed accounts was answered. */
  onChange?: () => void;
  log?: (line: string) => void;
}

export interface RunningAuthProxy {
  port: number;
  close(): Promise<void>;
}

const maxBody = 2 * 1024 * 1024;
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length']);

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** An error in the shape the Firebase SDK reads (`error.message`), so the page shows a clear reason. */
const refusal = (status: number, message: string) => ({ error: { code: status, message, errors: [{ message, reason: 'forbidden' }] } });

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) {
        stream.destroy();
        reject(new Error('body too large'));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Every ID token in an emulator answer (sign-up, sign-in, token refresh, account update...). */
function idTokensIn(body: Buffer, headers: IncomingHttpHeaders): string[] {
  if (!String(headers['content-type'] ?? '').includes('json')) return [];
  try {
    const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    return [json.idToken, json.id_token].filter((value): value is string => typeof value === 'string');
  } catch {
    return [];
  }
}

const mayChangeAccounts = (method: string | undefined) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

export async function startAuthProxy(options: AuthProxyOptions): Promise<RunningAuthProxy> {
  const log = options.log ?? (() => {});
  const upstream = new URL(options.upstream);
  const allowed = new Set(options.allowedOrigins);

  async function verify(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let idToken: unknown;
    try {
      idToken = (JSON.parse((await readBody(request)).toString('utf8')) as { idToken?: unknown }).idToken;
    } catch {
      sendJson(response, 400, { message: 'Send {"idToken": "..."} as JSON' });
      return;
    }
    if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 8192) {
      sendJson(response, 400, { message: 'Send {"idToken": "..."} as JSON' });
      return;
    }
    const result = options.tokens.verify(idToken, options.projectId);
    if ('reason' in result) sendJson(response, 401, { message: result.reason });
    else sendJson(response, 200, result);
  }

  function forward(request: IncomingMessage, response: ServerResponse): void {
    const headers = { ...request.headers };
    const outgoing = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers }, (answer) => {
      readBody(answer).then(
        (body) => {
          for (const token of idTokensIn(body, answer.headers)) options.tokens.record(token);
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !hopByHop.has(name)) out[name] = value;
          }
          out['content-length'] = String(body.length);
          response.writeHead(answer.statusCode ?? 502, out);
          response.end(body);
          if (mayChangeAccounts(request.method) && (answer.statusCode ?? 500) < 400) options.onChange?.();
        },
        () => sendJson(response, 502, refusal(502, 'The Auth emulator answered too much')),
      );
    });
    outgoing.on('error', (error) => {
      log(`emulator unreachable: ${error.message}`);
      if (!response.headersSent) sendJson(response, 502, refusal(502, 'The Auth emulator is not answering'));
    });
    request.pipe(outgoing);
  }

  const server = http.createServer((request, response) => {
    const origin = request.headers.origin;
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    if (origin !== undefined && !allowed.has(origin)) {
      log(`refused ${request.method} ${pathname} from origin ${origin}`);
      sendJson(response, 403, refusal(403, `Origin ${origin} may not use this shop's Auth service`));
      return;
    }
    if (origin !== undefined && (pathname.startsWith('/emulator/') || pathname === verifyPath)) {
      sendJson(response, 403, refusal(403, "This endpoint is for the shop's servers only"));
      return;
    }
    if (pathname === verifyPath) {
      if (request.method !== 'POST') sendJson(response, 405, { message: 'Use POST' });
      else void verify(request, response);
      return;
    }
    if (pathname === '/healthz') return sendJson(response, 200, { status: 'ok' });
    if (pathname === '/readyz') {
      void fetch(`${options.upstream}/`, { signal: AbortSignal.timeout(1500) }).then(
        (answer) =>
          sendJson(response, answer.ok ? 200 : 503, answer.ok ? { status: 'ready' } : { status: 'unavailable', reason: 'the Auth emulator is not ready' }),
        () => sendJson(response, 503, { status: 'unavailable', reason: 'the Auth emulator does not answer' }),
      );
      return;
    }
    forward(request, response);
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
