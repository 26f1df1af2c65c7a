/**
 * The front door of the local Auth emulator, on the port the shop's pages and services use. The
 * emulator itself answers anybody: it sends permissive CORS headers, so any web page a person visits
 * while the shop runs could call it; its admin API (/emulator/..., and everything under
 * /identitytoolkit.googleapis.com/v1/projects/... with `Bearer owner`) lists every account with its
 * password, sets custom claims and deletes accounts; its ID and refresh tokens are unsigned, so anyone
 * can write one for any uid. In front of it:
 *
 *  - a request whose Origin is not one of the shop's is refused;
 *  - `Authorization: Bearer <administrator secret>` (auth-admin.secret in the data folder) makes a
 *    request the shop's servers' or the staff command's: it reaches the emulator as its administrator.
 *    Any other credential, `Bearer owner` first of all, is refused;
 *  - everyone else, whatever their Origin or none, gets only the calls the shop's pages make for their
 *    own account (authAccess.ts);
 *  - every ID token the emulator hands out is recorded (IssuedTokens), every refresh token sealed
 *    (refreshTokens.ts), password fields dropped from every answer (authAnswers.ts);
 *  - `POST /storefront/v1/tokens:verify {idToken}` tells the database and the shop's services
 *    whether a token really came from here and whose it is; with `"current": true` also the account's
 *    custom claims as they are now (the staff role a change is checked against);
 *  - every request that may change accounts is reported, so the accounts can be saved;
 *  - `/healthz` and `/readyz` answer supervisors (readiness: the emulator behind it answers).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fieldLetters, isSelfServicePath, selfServiceReads, tokenRefreshPath, vetSelfService, type Refusal } from './authAccess.ts';
import { rewriteAnswer } from './authAnswers.ts';
import type { IssuedTokens } from './issuedTokens.ts';
import { BadRequestError, fieldsOf, readBody, refusal, sendJson } from './proxyHttp.ts';
import { RefreshTokenSeal } from './refreshTokens.ts';

export const verifyPath = '/storefront/v1/tokens:verify';

export interface AuthProxyOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The emulator, e.g. http://127.0.0.1:41234. */
  upstream: string;
  projectId: string;
  /** Origins of the shop's pages (e.g. http://localhost:3000). Requests without an Origin are not refused for that. */
  allowedOrigins: readonly string[];
  tokens: IssuedTokens;
  /** The administrator secret; refresh tokens are sealed with a key drawn from it, so they outlive a restart. */
  adminSecret: string;
  /** Called after a request that may have changed accounts was answered. */
  onChange?: () => void;
  log?: (line: string) => void;
}

export interface RunningAuthProxy {
  port: number;
  close(): Promise<void>;
}

/** The emulator's answers (an account list can be long). */
const maxAnswer = 16 * 1024 * 1024;
/** A self-service request: a sign-in or a profile change is a few hundred bytes. */
const maxRequest = 64 * 1024;
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length']);

const digest = (value: string) => createHash('sha256').update(value).digest();

const mayChangeAccounts = (method: string | undefined) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

function claimsOf(customAttributes: unknown): Record<string, unknown> {
  if (typeof customAttributes !== 'string' || customAttributes === '') return {};
  try {
    const claims = JSON.parse(customAttributes) as unknown;
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

interface Account {
  customAttributes?: string;
  disabled?: boolean;
  validSince?: string;
}

/** A request body to pass on: a stream as it came (the administrator's), or one the proxy wrote. */
type Outgoing = { stream: IncomingMessage } | { body: Buffer; contentType: string } | { none: true };

const refuse = (response: ServerResponse, { status, message }: Refusal) => sendJson(response, status, refusal(status, message));

/** Every request's way through the proxy; startAuthProxy serves it. */
class AuthFrontDoor {
  private readonly options: AuthProxyOptions;
  private readonly log: (line: string) => void;
  private readonly upstream: URL;
  private readonly allowed: ReadonlySet<string>;
  private readonly adminCredential: Buffer;
  private readonly seal: RefreshTokenSeal;

  constructor(options: AuthProxyOptions) {
    this.options = options;
    this.log = options.log ?? (() => {});
    this.upstream = new URL(options.upstream);
    this.allowed = new Set(options.allowedOrigins);
    this.adminCredential = digest(`Bearer ${options.adminSecret}`);
    this.seal = new RefreshTokenSeal(createHash('sha256').update(`storefront refresh tokens\n${options.adminSecret}`).digest());
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const origin = request.headers.origin;
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    const method = request.method ?? 'GET';
    if (origin !== undefined && !this.allowed.has(origin)) {
      this.log(`refused ${method} ${pathname} from origin ${origin}`);
      return sendJson(response, 403, refusal(403, `Origin ${origin} may not use this shop's Auth service`));
    }
    if (pathname === '/healthz') return sendJson(response, 200, { status: 'ok' });
    if (pathname === '/readyz') return this.ready(response);
    if (pathname === verifyPath) {
      if (origin !== undefined) return sendJson(response, 403, refusal(403, "This endpoint is for the shop's servers only"));
      if (method !== 'POST') return sendJson(response, 405, { message: 'Use POST' });
      return this.verify(request, response);
    }
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      if (timingSafeEqual(digest(authorization), this.adminCredential)) return this.forward(request, response, { stream: request });
      this.log(`refused ${method} ${pathname}: a credential that is not the administrator secret`);
      return refuse(response, { status: 403, message: 'INSUFFICIENT_PERMISSION : This Auth service takes no credential but its administrator secret' });
    }
    // A browser's preflight asks what a request may carry; the request itself is judged when it comes.
    if (method === 'OPTIONS') return this.forward(request, response, { none: true });
    if (method === 'GET' && selfServiceReads.has(pathname)) return this.forward(request, response, { none: true });
    if (method === 'POST' && pathname === tokenRefreshPath) return this.refresh(request, response);
    if (method === 'POST' && isSelfServicePath(pathname)) return this.selfService(request, response, pathname);
    this.log(`refused ${method} ${pathname}: for the shop's servers only`);
    refuse(response, { status: 403, message: "INSUFFICIENT_PERMISSION : This call is for the shop's servers only" });
  }

  private async ready(response: ServerResponse): Promise<void> {
    try {
      const answer = await fetch(`${this.options.upstream}/`, { signal: AbortSignal.timeout(1500) });
      sendJson(response, answer.ok ? 200 : 503, answer.ok ? { status: 'ready' } : { status: 'unavailable', reason: 'the Auth emulator is not ready' });
    } catch {
      sendJson(response, 503, { status: 'unavailable', reason: 'the Auth emulator does not answer' });
    }
  }

  /** The account as the emulator has it now, asked as its administrator; undefined when there is none. */
  private async accountOf(uid: string): Promise<Account | undefined> {
    const answer = await fetch(`${this.options.upstream}/identitytoolkit.googleapis.com/v1/projects/${this.options.projectId}/accounts:lookup`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
      signal: AbortSignal.timeout(5000),
    });
    if (!answer.ok) throw new Error(`the Auth emulator answered an account lookup with ${answer.status}`);
    return ((await answer.json()) as { users?: Account[] }).users?.[0];
  }

  private async verify(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body: { idToken?: unknown; current?: unknown };
    try {
      body = JSON.parse((await readBody(request, maxRequest)).toString('utf8')) as typeof body;
    } catch {
      return sendJson(response, 400, { message: 'Send {"idToken": "..."} as JSON' });
    }
    const { idToken } = body;
    if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 8192) {
      return sendJson(response, 400, { message: 'Send {"idToken": "..."} as JSON' });
    }
    const result = this.options.tokens.verify(idToken, this.options.projectId);
    if ('reason' in result) return sendJson(response, 401, { message: result.reason });
    if (body.current !== true) return sendJson(response, 200, result);
    const account = await this.accountOf(result.uid);
    sendJson(response, 200, { ...result, current: account ? { claims: claimsOf(account.customAttributes), disabled: account.disabled === true } : null });
  }

  private async selfService(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
    const verdict = vetSelfService(pathname, await fieldsOf(request, maxRequest, false), this.options.tokens, this.options.projectId);
    if ('refused' in verdict) return refuse(response, verdict.refused);
    this.forward(request, response, { body: Buffer.from(JSON.stringify(verdict.body)), contentType: 'application/json' });
  }

  /** A token refresh: only with a refresh token this service sealed, issued after the account's last revocation. */
  private async refresh(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fields = (await fieldsOf(request, maxRequest, true)) as Record<string, unknown> | null;
    const named = (name: string) => Object.entries(fields ?? {}).find(([key]) => fieldLetters(key) === name)?.[1];
    if (named('granttype') !== 'refresh_token') return refuse(response, { status: 400, message: 'INVALID_GRANT_TYPE' });
    const given = named('refreshtoken');
    const opened = typeof given === 'string' ? this.seal.open(given) : undefined;
    if (!opened) return refuse(response, { status: 400, message: 'INVALID_REFRESH_TOKEN' });
    const account = await this.accountOf(opened.uid);
    if (!account) return refuse(response, { status: 400, message: 'USER_NOT_FOUND' });
    if (account.validSince !== undefined && opened.issuedAt < Number(account.validSince)) return refuse(response, { status: 400, message: 'TOKEN_EXPIRED' });
    const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: opened.upstream }).toString();
    this.forward(request, response, { body: Buffer.from(body), contentType: 'application/x-www-form-urlencoded' });
  }

  private forward(request: IncomingMessage, response: ServerResponse, outgoing: Outgoing): void {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !hopByHop.has(name) && name !== 'authorization') headers[name] = value;
    }
    if ('stream' in outgoing) {
      if (request.headers['content-length'] !== undefined) headers['content-length'] = request.headers['content-length'];
      if (request.headers['transfer-encoding'] !== undefined) headers['transfer-encoding'] = request.headers['transfer-encoding'];
      // Only the administrator's requests come as they are, and the emulator knows its administrator by this word.
      headers.authorization = 'Bearer owner';
    } else {
      delete headers['content-type'];
      delete headers['content-encoding'];
      if ('body' in outgoing) {
        headers['content-type'] = outgoing.contentType;
        headers['content-length'] = outgoing.body.length;
      }
    }
    const { hostname, port } = this.upstream;
    const upstreamRequest = http.request({ host: hostname, port, method: request.method, path: request.url ?? '/', headers }, (answer) => {
      readBody(answer, maxAnswer).then(
        (raw) => {
          this.answer(response, answer, raw);
          if (mayChangeAccounts(request.method) && (answer.statusCode ?? 500) < 400) this.options.onChange?.();
        },
        () => sendJson(response, 502, refusal(502, 'The Auth emulator answered too much')),
      );
    });
    upstreamRequest.on('error', (error) => {
      this.log(`emulator unreachable: ${error.message}`);
      if (!response.headersSent) sendJson(response, 502, refusal(502, 'The Auth emulator is not answering'));
    });
    if ('stream' in outgoing) outgoing.stream.pipe(upstreamRequest);
    else upstreamRequest.end('body' in outgoing ? outgoing.body : undefined);
  }

  /** The emulator's answer, with its tokens recorded and sealed and its password fields gone. */
  private answer(response: ServerResponse, answer: IncomingMessage, raw: Buffer): void {
    let body = raw;
    if (String(answer.headers['content-type'] ?? '').includes('json')) {
      try {
        body = Buffer.from(JSON.stringify(rewriteAnswer(JSON.parse(raw.toString('utf8')), this.options.tokens, this.seal)));
      } catch {
        // Not JSON after all: passed on as it is.
      }
    }
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !hopByHop.has(name)) out[name] = value;
    }
    out['content-length'] = String(body.length);
    response.writeHead(answer.statusCode ?? 502, out);
    response.end(body);
  }
}

export async function startAuthProxy(options: AuthProxyOptions): Promise<RunningAuthProxy> {
  const door = new AuthFrontDoor(options);
  const server = http.createServer((request, response) => {
    door.handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof BadRequestError) {
        response.setHeader('connection', 'close');
        return refuse(response, { status: error.status, message: error.message });
      }
      options.log?.(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      sendJson(response, 502, refusal(502, 'The Auth emulator is not answering'));
    });
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
