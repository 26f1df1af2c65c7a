/**
 * The local Realtime Database: firebase-server@1 (its WebSocket server, on its nested firebase@7) with
 * targaryen@3 as store and rules engine, and our own implementation of the RTDB wire protocol per
 * connection. Stock firebase-server 1.1.0 was verified to talk to the firebase@12 SDK, but it gets these
 * wrong, and each one matters to the account screens:
 *
 *  - rules ran as the LAST WRITER for anonymous clients: `targaryen.as(undefined)` keeps the previous
 *    user, so after user A wrote users/A an anonymous client could read users/A;
 *  - `unauth` (sign-out) was ignored: a signed-out page kept reading as the old user;
 *  - `g` (the SDK's `get()`) had no answer: `get()` hung forever;
 *  - `n` (unlisten) was ignored and listeners were never removed, nor re-checked on changes;
 *  - the handshake announced a fixed host name which the SDK then used to reconnect.
 *
 * Here every operation is evaluated with exactly the connection's current identity, an identity change
 * revokes listens that are no longer allowed (the SDK surfaces that as permission_denied, like the real
 * service), and the handshake echoes the Host the client used.
 *
 * Only the shop reaches it: a WebSocket whose Origin is not one of the shop's pages is refused at the
 * upgrade (browsers let any site open WebSockets to localhost); an ID token counts only if the shop's
 * Auth service says it issued it (emulator tokens are unsigned, so their content proves nothing); the
 * administrator credential is a secret of the data folder, never a well-known word.
 *
 * With `persistFile`, the data is loaded from that file at start and saved to it (atomically) shortly
 * after every change, so a restart keeps it and a crash loses at most the last moment.
 *
 * Not implemented (answered with a clear `not_supported` error): onDisconnect operations. Query
 * parameters (orderBy/limit) are not applied on the server: listens and gets receive the whole location,
 * which the SDK filters client-side.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readJsonFile, SaveScheduler, writeFileAtomic } from './durableFile.ts';
import type { FirebaseServerInstance, LoadedFirebaseServer, TargaryenDataNode } from './firebaseServerLoader.ts';

export interface RtdbServerOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Rules object as in database.rules.json ({"rules": {...}}). */
  rules: unknown;
  /** Initial data (plain JSON or Firebase export format). */
  data?: unknown;
  /** This credential makes a connection an administrator (tools, tests); none when absent. */
  adminSecret?: string;
  /** Origins of the shop's pages; a WebSocket from any other Origin is refused (none = server-side, allowed). */
  allowedOrigins?: readonly string[];
  /** Asks the shop's Auth service whether it issued an ID token; tokens are refused without it. */
  verifyIdToken?: (token: string) => Promise<TokenCheck>;
  /** Where the data is kept across restarts. Without it, data lives in memory only. */
  persistFile?: string;
  /** Longest time between a change and its save. Default 200 ms. */
  saveDelayMs?: number;
  /** Writes whose JSON exceeds this many bytes are refused with `too_big`. Default 1 MiB. */
  maxWriteBytes?: number;
  log?: (line: string) => void;
  /** Refused connections and tokens (always worth a line in the log, unlike `log`'s chatter). */
  warn?: (line: string) => void;
}

interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', cb: (data: unknown) => void): void;
  on(event: 'close', cb: () => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
}

type Claims = Record<string, unknown>;
export type TokenCheck = { ok: true; uid: string; claims: Claims; exp: number } | { ok: false; reason: string };
type Identity = { kind: 'user'; uid: string; claims: Claims } | { kind: 'admin' } | null;

interface Listen {
  pathString: string;
  path: string;
  tag: number | undefined;
  query: unknown;
  lastSent: string | undefined;
}

interface Request {
  r?: number;
  a?: string;
  b?: Record<string, unknown>;
}

const OPEN = 1;
const MAX_FRAME = 16384;

export function normalizePath(p: unknown): string {
  return String(p ?? '')
    .split('/')
    .filter(Boolean)
    .join('/');
}

function related(a: string, b: string): boolean {
  return a === '' || b === '' || a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** JSON with sorted keys: equal data gives equal text. */
function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`)
    .join(',')}}`;
}

/** A targaryen node in Firebase export format (priorities kept), as the protocol transmits data. */
export function exportNode(node: TargaryenDataNode): unknown {
  if (node.$isNull()) return null;
  const priority = node.$priority();
  if (node.$isPrimitive()) {
    const value = node.$value();
    return priority == null ? value : { '.value': value, '.priority': priority };
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) out[key] = exportNode(node[key] as TargaryenDataNode);
  if (priority != null) out['.priority'] = priority;
  return out;
}

function isServerValue(v: unknown): v is { '.sv': unknown } {
  return !!v && typeof v === 'object' && !Array.isArray(v) && '.sv' in (v as object);
}

export function createRtdbServerClass(loaded: LoadedFirebaseServer) {
  const { FirebaseServer, targaryen, getFirebaseHash } = loaded;

  class StorefrontRtdbServer extends FirebaseServer {
    private ruleset: unknown;
    private rootNode: TargaryenDataNode;
    private readonly adminSecret: Buffer | undefined;
    private readonly verifyIdToken: (token: string) => Promise<TokenCheck>;
    private readonly maxWriteBytes: number;
    private readonly log: (line: string) => void;
    private readonly warn: (line: string) => void;
    private readonly fallbackName: string;
    private readonly connections = new Set<{ notify: (path: string) => void }>();
    private readonly saves: SaveScheduler | undefined;
    private stopping = false;

    constructor(options: RtdbServerOptions) {
      const maxWriteBytes = options.maxWriteBytes ?? 1024 * 1024;
      const log = options.log ?? (() => {});
      const warn = options.warn ?? log;
      const allowed = new Set(options.allowedOrigins ?? []);
      // firebase-server's own store starts empty and stays unused: data and rules live in targaryen.
      super(
        {
          port: options.port,
          address: options.host,
          maxPayload: maxWriteBytes + MAX_FRAME,
          // Refused before the upgrade: a foreign page never gets a connection at all.
          verifyClient: (info: { origin?: string }, done: (ok: boolean, code?: number, message?: string) => void) => {
            if (!info.origin || allowed.has(info.origin)) return done(true);
            warn(`refused a connection from origin ${info.origin}`);
            done(false, 403, 'Origin not allowed');
          },
        },
        `${options.host}:${options.port}`,
        null,
      );
      // The HTTP side of the port: ws answers every plain request 426; probes get an answer of their own.
      const plain = (this.wss as unknown as { _server?: Server })._server;
      if (plain) {
        plain.removeAllListeners('request');
        plain.on('request', (request: IncomingMessage, response: ServerResponse) => this.answerHttp(request, response, allowed));
      }
      this.ruleset = targaryen.ruleset(options.rules);
      const saved = options.persistFile === undefined ? undefined : readJsonFile(options.persistFile);
      this.rootNode = targaryen.store(saved ?? options.data ?? null);
      this.adminSecret = options.adminSecret ? Buffer.from(options.adminSecret) : undefined;
      this.verifyIdToken = options.verifyIdToken ?? (async () => ({ ok: false, reason: 'this database accepts no ID tokens (no Auth service configured)' }));
      this.maxWriteBytes = maxWriteBytes;
      this.log = log;
      this.warn = warn;
      this.fallbackName = `${options.host}:${options.port}`;
      const file = options.persistFile;
      this.saves =
        file === undefined
          ? undefined
          : new SaveScheduler(
              () => writeFileAtomic(file, JSON.stringify(exportNode(this.rootNode))),
              options.saveDelayMs ?? 200,
              (error) => log(`saving the database failed (will retry): ${error instanceof Error ? error.message : String(error)}`),
            );
    }

    private get root(): TargaryenDataNode {
      return this.rootNode;
    }

    /** Every change of the data goes through here, so none escapes the save. */
    private set root(next: TargaryenDataNode) {
      this.rootNode = next;
      this.saves?.markDirty();
    }

    /** From now on /readyz answers 503 (a stop has begun). */
    beginShutdown(): void {
      this.stopping = true;
    }

    /**
     * Plain HTTP on the database port: `/healthz` and `/readyz` for supervisors, nothing else (the
     * database is reached over WebSockets; REST is not served).
     */
    private answerHttp(request: IncomingMessage, response: ServerResponse, allowed: ReadonlySet<string>): void {
      const origin = request.headers.origin;
      const pathname = (request.url ?? '/').split('?')[0];
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
      };
      if (origin && !allowed.has(origin)) return send(403, { message: 'Origin not allowed' });
      if (pathname === '/healthz') return send(200, { status: 'ok' });
      if (pathname === '/readyz')
        return this.stopping ? send(503, { status: 'unavailable', reason: 'the database is stopping' }) : send(200, { status: 'ready' });
      send(426, { message: 'Connect over WebSocket; this database does not serve REST' });
    }

    /** Saves pending changes now. */
    flush(): Promise<void> {
      return this.saves?.flush() ?? Promise.resolve();
    }

    /**
     * A clean stop: /readyz answers 503, no connection is taken and every open one is closed, so no
     * write can be acknowledged after the save, then what is held is saved.
     */
    async stop(): Promise<void> {
      this.beginShutdown();
      const closed = this.close();
      for (const client of (this.wss as unknown as { clients: Set<{ terminate(): void }> }).clients) client.terminate();
      await closed.catch((error: unknown) => this.warn(`closing the listener failed: ${error instanceof Error ? error.message : String(error)}`));
      await this.saves?.close();
    }

    isAdminSecret(cred: unknown): boolean {
      if (!this.adminSecret || typeof cred !== 'string') return false;
      const given = Buffer.from(cred);
      return given.length === this.adminSecret.length && timingSafeEqual(given, this.adminSecret);
    }

    checkIdToken(token: string): Promise<TokenCheck> {
      return this.verifyIdToken(token);
    }

    setRules(rules: unknown): void {
      this.ruleset = targaryen.ruleset(rules);
    }

    getValue(): Promise<unknown> {
      return Promise.resolve(this.root.$value());
    }

    exportData(): Promise<unknown> {
      return Promise.resolve(exportNode(this.root));
    }

    private rules(identity: Identity, now = Date.now()) {
      const db = targaryen.database(this.ruleset, this.root, now);
      if (identity?.kind === 'user') {
        const firebase = identity.claims.firebase as { sign_in_provider?: unknown } | undefined;
        const provider = typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : 'password';
        return db.as({ uid: identity.uid, provider, token: identity.claims });
      }
      return db; // auth === null
    }

    private canRead(identity: Identity, path: string): boolean {
      if (identity?.kind === 'admin') return true;
      return this.rules(identity).read(`/${path}`).allowed;
    }

    private valueAt(path: string): unknown {
      return exportNode(path ? this.root.$child(`/${path}`) : this.root);
    }

    /** Replaces `{".sv": {"increment": n}}` (targaryen knows only "timestamp"). */
    private resolveIncrements(value: unknown, path: string): unknown {
      if (isServerValue(value)) {
        const sv = value['.sv'];
        if (sv && typeof sv === 'object' && typeof (sv as { increment?: unknown }).increment === 'number') {
          const current = path ? this.root.$child(`/${path}`).$value() : this.root.$value();
          const delta = (sv as { increment: number }).increment;
          return typeof current === 'number' ? current + delta : delta;
        }
        return value;
      }
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(value)) out[k] = this.resolveIncrements(v, path ? `${path}/${k}` : k);
        return out;
      }
      return value;
    }

    private notifyAll(path: string): void {
      for (const c of this.connections) c.notify(path);
    }

    handleConnection(ws: SocketLike, req?: IncomingMessage): void {
      const server = this;
      const listens = new Map<string, Listen>();
      let identity: Identity = null;
      let framesLeft = 0;
      let frames: string[] = [];
      let bufferedBytes = 0;
      const peer = `${req?.socket.remoteAddress ?? '?'}:${req?.socket.remotePort ?? '?'}`;
      const hostHeader = req?.headers.host ?? '';
      const host = /^[A-Za-z0-9.\-[\]:]{1,255}$/.test(hostHeader) ? hostHeader : this.fallbackName;
      this.log(`connection from ${peer} (ns ${new URL(req?.url ?? '/', 'http://x').searchParams.get('ns') ?? '-'})`);

      function send(message: unknown): void {
        if (ws.readyState !== OPEN) return;
        const payload = JSON.stringify(message);
        try {
          if (payload.length <= MAX_FRAME) {
            ws.send(payload);
            return;
          }
          ws.send(String(Math.ceil(payload.length / MAX_FRAME)));
          for (let i = 0; i < payload.length; i += MAX_FRAME) ws.send(payload.slice(i, i + MAX_FRAME));
        } catch (e) {
          server.log(`send failed: ${String(e)}`);
        }
      }
      const reply = (r: number | undefined, s: string, d: unknown = {}) => {
        if (typeof r === 'number') send({ t: 'd', d: { r, b: { s, d } } });
      };
      const push = (a: string, b: unknown) => send({ t: 'd', d: { a, b } });

      const listenKey = (path: string, tag: unknown) => `${path}|${typeof tag === 'number' ? tag : 'default'}`;

      function pushListen(listen: Listen): void {
        const data = server.valueAt(listen.path);
        const text = stableStringify(data);
        if (text === listen.lastSent) return;
        listen.lastSent = text;
        push('d', listen.tag === undefined ? { p: listen.pathString, d: data } : { p: listen.pathString, d: data, t: listen.tag });
      }

      function revoke(key: string, listen: Listen): void {
        listens.delete(key);
        push('c', listen.tag === undefined ? { p: listen.pathString } : { p: listen.pathString, q: [listen.query] });
        server.log(`revoked listen ${listen.pathString} for ${peer}`);
      }

      /** After data at `path` changed: push to affected listens still allowed, revoke the others. */
      function notify(path: string): void {
        for (const [key, listen] of listens) {
          if (!related(listen.path, path)) continue;
          if (server.canRead(identity, listen.path)) pushListen(listen);
          else revoke(key, listen);
        }
      }

      function setIdentity(next: Identity): void {
        const before = identity;
        identity = next;
        const same =
          (before === null && next === null) ||
          (before?.kind === 'admin' && next?.kind === 'admin') ||
          (before?.kind === 'user' && next?.kind === 'user' && before.uid === next.uid);
        if (same || before === null) return; // nothing can have become forbidden
        for (const [key, listen] of listens) if (!server.canRead(identity, listen.path)) revoke(key, listen);
      }

      async function handleAuth(r: number | undefined, cred: unknown): Promise<void> {
        if (server.isAdminSecret(cred)) {
          setIdentity({ kind: 'admin' });
          reply(r, 'ok', { auth: null, admin: true });
          return;
        }
        let decoded: TokenCheck;
        try {
          decoded = typeof cred === 'string' && cred.length > 0 && cred.length <= 8192 ? await server.checkIdToken(cred) : { ok: false, reason: 'no token' };
        } catch (e) {
          decoded = { ok: false, reason: `the Auth service could not be asked (${e instanceof Error ? e.message : String(e)})` };
        }
        if (!decoded.ok) {
          setIdentity(null);
          server.warn(`rejected auth token from ${peer}: ${decoded.reason}`);
          reply(r, 'invalid_token', `Could not parse auth token: ${decoded.reason}`);
          return;
        }
        setIdentity({ kind: 'user', uid: decoded.uid, claims: decoded.claims });
        reply(r, 'ok', { auth: decoded.claims, expires: decoded.exp });
      }

      function handleListen(r: number | undefined, b: Record<string, unknown>): void {
        const pathString = String(b.p ?? '/');
        const path = normalizePath(pathString);
        const tag = typeof b.t === 'number' ? b.t : undefined;
        if (!server.canRead(identity, path)) {
          reply(r, 'permission_denied', 'Permission denied');
          return;
        }
        const listen: Listen = { pathString, path, tag, query: b.q, lastSent: undefined };
        listens.set(listenKey(path, tag), listen);
        pushListen(listen);
        reply(r, 'ok', {});
      }

      function handleGet(r: number | undefined, b: Record<string, unknown>): void {
        const path = normalizePath(b.p);
        if (!server.canRead(identity, path)) {
          reply(r, 'permission_denied', 'Permission denied');
          return;
        }
        reply(r, 'ok', server.valueAt(path));
      }

      function tooBig(r: number | undefined, data: unknown): boolean {
        const size = Buffer.byteLength(JSON.stringify(data ?? null) ?? '', 'utf8');
        if (size <= server.maxWriteBytes) return false;
        reply(
          r,
          'too_big',
          `Data to write (${size} bytes) exceeds the maximum size that can be modified with a single request (${server.maxWriteBytes} bytes).`,
        );
        return true;
      }

      function handlePut(r: number | undefined, b: Record<string, unknown>): void {
        let path = normalizePath(b.p);
        let value = b.d;
        if (tooBig(r, value)) return;
        const now = Date.now();
        if (path === '.priority' || path.endsWith('/.priority')) {
          // setPriority(): rewrite as a set of the parent with the new priority.
          path = path.replace(/\/?\.priority$/, '');
          const current = server.valueAt(path);
          value =
            current && typeof current === 'object'
              ? { ...(current as Record<string, unknown>), '.priority': value }
              : { '.value': current, '.priority': value };
        }
        value = server.resolveIncrements(value, path);
        if (typeof b.h === 'string') {
          // transaction(): only if the client's view of the data is current.
          const current = server.valueAt(path);
          if (getFirebaseHash(current) !== b.h) {
            push('d', { p: b.p, d: current });
            reply(r, 'datastale', 'Transaction hash does not match');
            return;
          }
        }
        let newRoot: TargaryenDataNode;
        try {
          if (identity?.kind === 'admin') newRoot = server.root.$set(`/${path}`, value, undefined, now);
          else {
            const result = server.rules(identity, now).write(`/${path}`, value, undefined, now);
            if (!result.allowed) {
              server.log(`denied write ${path} for ${describe(identity)}`);
              reply(r, 'permission_denied', 'Permission denied');
              return;
            }
            newRoot = result.newDatabase.root;
          }
        } catch (e) {
          reply(r, 'invalid_data', e instanceof Error ? e.message : String(e));
          return;
        }
        server.root = newRoot;
        server.notifyAll(path);
        reply(r, 'ok', {});
      }

      function handleMerge(r: number | undefined, b: Record<string, unknown>): void {
        const path = normalizePath(b.p);
        const raw = b.d;
        if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
          reply(r, 'invalid_data', 'update() needs an object');
          return;
        }
        if (tooBig(r, raw)) return;
        const now = Date.now();
        const patch: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
          const childPath = [path, normalizePath(k)].filter(Boolean).join('/');
          patch[k] = server.resolveIncrements(v, childPath);
        }
        let newRoot: TargaryenDataNode;
        try {
          if (identity?.kind === 'admin') newRoot = server.root.$merge(`/${path}`, patch, now);
          else {
            const result = server.rules(identity, now).update(`/${path}`, patch, now);
            if (!result.allowed) {
              server.log(`denied update ${path} for ${describe(identity)}`);
              reply(r, 'permission_denied', 'Permission denied');
              return;
            }
            newRoot = result.newDatabase.root;
          }
        } catch (e) {
          reply(r, 'invalid_data', e instanceof Error ? e.message : String(e));
          return;
        }
        server.root = newRoot;
        server.notifyAll(path);
        reply(r, 'ok', {});
      }

      function handleRequest(message: Request): void | Promise<void> {
        const { r, a } = message;
        const b = message.b && typeof message.b === 'object' ? message.b : {};
        switch (a) {
          case 'q':
          case 'l':
            return handleListen(r, b);
          case 'n': {
            const path = normalizePath(b.p);
            listens.delete(listenKey(path, b.t));
            return reply(r, 'ok', {});
          }
          case 'g':
            return handleGet(r, b);
          case 'p':
            return handlePut(r, b);
          case 'm':
            return handleMerge(r, b);
          case 'auth':
          case 'gauth':
            return handleAuth(r, b.cred);
          case 'unauth':
            setIdentity(null);
            return reply(r, 'ok', {});
          case 's': // client statistics
          case 'appcheck':
          case 'unappcheck':
            return reply(r, 'ok', {});
          case 'o':
          case 'om':
          case 'oc':
          case 'od':
            return reply(r, 'not_supported', 'onDisconnect is not supported by the local database server');
          default:
            return reply(r, 'not_supported', `action ${String(a)} is not supported by the local database server`);
        }
      }

      async function handleText(text: string): Promise<void> {
        let parsed: { t?: string; d?: unknown };
        try {
          parsed = JSON.parse(text) as { t?: string; d?: unknown };
        } catch {
          server.log(`ignoring malformed frame from ${peer}`);
          return;
        }
        if (parsed.t === 'd' && parsed.d && typeof parsed.d === 'object') {
          try {
            await handleRequest(parsed.d as Request);
          } catch (e) {
            server.log(`error handling ${text.slice(0, 200)}: ${String(e)}`);
            reply((parsed.d as Request).r, 'internal_error', 'The local database server failed on this request');
          }
        } else if (parsed.t === 'c') {
          const control = parsed.d as { t?: string } | undefined;
          if (control?.t === 'p') send({ t: 'c', d: { t: 'o', d: {} } }); // ping -> pong
        }
      }

      // Requests are handled in the order they came: a listen sent right after an auth must be
      // evaluated with the identity that auth establishes, even while its token is being checked.
      let queue: Promise<void> = Promise.resolve();
      const enqueue = (text: string) => {
        queue = queue.then(() => handleText(text));
      };

      const entry = { notify };
      this.connections.add(entry);
      ws.on('message', (data) => {
        const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
        if (framesLeft === 0) {
          if (text.length <= 6 && /^\d+$/.test(text)) {
            framesLeft = Number(text); // "0" is the client's keep-alive
            frames = [];
            bufferedBytes = 0;
            return;
          }
          enqueue(text);
          return;
        }
        frames.push(text);
        bufferedBytes += text.length;
        if (bufferedBytes > server.maxWriteBytes * 2 + MAX_FRAME) {
          server.log(`closing ${peer}: message larger than ${server.maxWriteBytes * 2} bytes`);
          ws.close(1009, 'message too big');
          return;
        }
        framesLeft -= 1;
        if (framesLeft === 0) {
          const whole = frames.join('');
          frames = [];
          bufferedBytes = 0;
          enqueue(whole);
        }
      });
      ws.on('close', () => {
        listens.clear();
        this.connections.delete(entry);
        this.log(`closed ${peer}`);
      });
      ws.on('error', (err) => this.log(`socket error from ${peer}: ${err.message}`));

      const sessionId = randomBytes(8).toString('hex');
      send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: host, s: sessionId } } });
    }
  }

  return StorefrontRtdbServer;
}

function describe(identity: Identity): string {
  if (identity === null) return 'anonymous';
  return identity.kind === 'admin' ? 'administrator' : `uid ${identity.uid}`;
}

export type StorefrontRtdbServer = FirebaseServerInstance & {
  beginShutdown(): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
  setRules(rules: unknown): void;
  getValue(): Promise<unknown>;
  exportData(): Promise<unknown>;
};
