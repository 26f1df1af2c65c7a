/**
 * One client's connection, speaking the RTDB wire protocol: its identity, its listens and the
 * answer to each request, every read and write evaluated by the store with exactly the identity the
 * connection has at that moment.
 */
import { randomBytes } from 'node:crypto';
import { FrameAssembler, MAX_FRAME, sendFramed, type SocketLike } from './rtdbFrames.ts';
import { normalizePath, related, stableStringify } from './rtdbData.ts';
import type { Identity, RtdbStore, TokenCheck, WriteOutcome } from './rtdbStore.ts';

/** What a connection needs of its server. */
export interface ConnectionHost {
  readonly store: RtdbStore;
  readonly maxWriteBytes: number;
  log(line: string): void;
  warn(line: string): void;
  isAdminSecret(cred: unknown): boolean;
  checkIdToken(token: string): Promise<TokenCheck>;
  /** The hash the SDK's transaction() compares with. */
  hashOf(value: unknown): string;
  /** Data at `path` changed: every connection re-checks its listens. */
  changed(path: string): void;
}

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

type Body = Record<string, unknown>;

const listenKey = (path: string, tag: unknown) => `${path}|${typeof tag === 'number' ? tag : 'default'}`;

export class RtdbConnection {
  private readonly listens = new Map<string, Listen>();
  private identity: Identity = null;
  /**
   * Requests are handled in the order they came: a listen sent right after an auth must be
   * evaluated with the identity that auth establishes, even while its token is being checked.
   */
  private queue: Promise<void> = Promise.resolve();
  private readonly ws: SocketLike;
  private readonly server: ConnectionHost;
  private readonly peer: string;

  constructor(ws: SocketLike, server: ConnectionHost, peer: string) {
    this.ws = ws;
    this.server = server;
    this.peer = peer;
  }

  /** Takes the socket's messages and greets the client, naming `host` as the address to come back to. */
  start(host: string, closed: () => void): void {
    const frames = new FrameAssembler(
      this.server.maxWriteBytes * 2 + MAX_FRAME,
      (text) => {
        this.queue = this.queue.then(() => this.handleText(text));
      },
      () => {
        this.server.log(`closing ${this.peer}: message larger than ${this.server.maxWriteBytes * 2} bytes`);
        this.ws.close(1009, 'message too big');
      },
    );
    this.ws.on('message', (data) => frames.accept(typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : String(data)));
    this.ws.on('close', () => {
      this.listens.clear();
      closed();
      this.server.log(`closed ${this.peer}`);
    });
    this.ws.on('error', (err) => this.server.log(`socket error from ${this.peer}: ${err.message}`));
    const sessionId = randomBytes(8).toString('hex');
    this.send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: host, s: sessionId } } });
  }

  /** After data at `path` changed: push to affected listens still allowed, revoke the others. */
  notify(path: string): void {
    for (const [key, listen] of this.listens) {
      if (!related(listen.path, path)) continue;
      if (this.server.store.canRead(this.identity, listen.path)) this.pushListen(listen);
      else this.revoke(key, listen);
    }
  }

  private send(message: unknown): void {
    sendFramed(this.ws, message, (line) => this.server.log(line));
  }

  private reply(r: number | undefined, s: string, d: unknown = {}): void {
    if (typeof r === 'number') this.send({ t: 'd', d: { r, b: { s, d } } });
  }

  private push(a: string, b: unknown): void {
    this.send({ t: 'd', d: { a, b } });
  }

  private pushListen(listen: Listen): void {
    const data = this.server.store.valueAt(listen.path);
    const text = stableStringify(data);
    if (text === listen.lastSent) return;
    listen.lastSent = text;
    this.push('d', listen.tag === undefined ? { p: listen.pathString, d: data } : { p: listen.pathString, d: data, t: listen.tag });
  }

  private revoke(key: string, listen: Listen): void {
    this.listens.delete(key);
    this.push('c', listen.tag === undefined ? { p: listen.pathString } : { p: listen.pathString, q: [listen.query] });
    this.server.log(`revoked listen ${listen.pathString} for ${this.peer}`);
  }

  private setIdentity(next: Identity): void {
    const before = this.identity;
    this.identity = next;
    const same =
      (before === null && next === null) ||
      (before?.kind === 'admin' && next?.kind === 'admin') ||
      (before?.kind === 'user' && next?.kind === 'user' && before.uid === next.uid);
    if (same || before === null) return; // nothing can have become forbidden
    for (const [key, listen] of this.listens) if (!this.server.store.canRead(next, listen.path)) this.revoke(key, listen);
  }

  private async handleAuth(r: number | undefined, cred: unknown): Promise<void> {
    if (this.server.isAdminSecret(cred)) {
      this.setIdentity({ kind: 'admin' });
      this.reply(r, 'ok', { auth: null, admin: true });
      return;
    }
    let decoded: TokenCheck;
    try {
      decoded = typeof cred === 'string' && cred.length > 0 && cred.length <= 8192 ? await this.server.checkIdToken(cred) : { ok: false, reason: 'no token' };
    } catch (e) {
      decoded = { ok: false, reason: `the Auth service could not be asked (${e instanceof Error ? e.message : String(e)})` };
    }
    if (!decoded.ok) {
      this.setIdentity(null);
      this.server.warn(`rejected auth token from ${this.peer}: ${decoded.reason}`);
      this.reply(r, 'invalid_token', `Could not parse auth token: ${decoded.reason}`);
      return;
    }
    this.setIdentity({ kind: 'user', uid: decoded.uid, claims: decoded.claims });
    this.reply(r, 'ok', { auth: decoded.claims, expires: decoded.exp });
  }

  private handleListen(r: number | undefined, b: Body): void {
    const pathString = String(b.p ?? '/');
    const path = normalizePath(pathString);
    const tag = typeof b.t === 'number' ? b.t : undefined;
    if (!this.server.store.canRead(this.identity, path)) {
      this.reply(r, 'permission_denied', 'Permission denied');
      return;
    }
    const listen: Listen = { pathString, path, tag, query: b.q, lastSent: undefined };
    this.listens.set(listenKey(path, tag), listen);
    this.pushListen(listen);
    this.reply(r, 'ok', {});
  }

  private handleGet(r: number | undefined, b: Body): void {
    const path = normalizePath(b.p);
    if (!this.server.store.canRead(this.identity, path)) {
      this.reply(r, 'permission_denied', 'Permission denied');
      return;
    }
    this.reply(r, 'ok', this.server.store.valueAt(path));
  }

  private tooBig(r: number | undefined, data: unknown): boolean {
    const size = Buffer.byteLength(JSON.stringify(data ?? null) ?? '', 'utf8');
    const max = this.server.maxWriteBytes;
    if (size <= max) return false;
    this.reply(r, 'too_big', `Data to write (${size} bytes) exceeds the maximum size that can be modified with a single request (${max} bytes).`);
    return true;
  }

  /** A write's answer; a write that changed the data tells every connection. */
  private written(r: number | undefined, path: string, outcome: WriteOutcome): void {
    if (outcome.status !== 'ok') return this.reply(r, outcome.status, outcome.message);
    this.server.changed(path);
    this.reply(r, 'ok', {});
  }

  private handlePut(r: number | undefined, b: Body): void {
    let path = normalizePath(b.p);
    let value = b.d;
    if (this.tooBig(r, value)) return;
    const now = Date.now();
    const store = this.server.store;
    if (path === '.priority' || path.endsWith('/.priority')) {
      // setPriority(): rewrite as a set of the parent with the new priority.
      path = path.replace(/\/?\.priority$/, '');
      const current = store.valueAt(path);
      value = current && typeof current === 'object' ? { ...(current as Body), '.priority': value } : { '.value': current, '.priority': value };
    }
    value = store.resolved(value, path);
    if (typeof b.h === 'string') {
      // transaction(): only if the client's view of the data is current.
      const current = store.valueAt(path);
      if (this.server.hashOf(current) !== b.h) {
        this.push('d', { p: b.p, d: current });
        this.reply(r, 'datastale', 'Transaction hash does not match');
        return;
      }
    }
    this.written(r, path, store.set(this.identity, path, value, now));
  }

  private handleMerge(r: number | undefined, b: Body): void {
    const path = normalizePath(b.p);
    const raw = b.d;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      this.reply(r, 'invalid_data', 'update() needs an object');
      return;
    }
    if (this.tooBig(r, raw)) return;
    const now = Date.now();
    const patch: Body = {};
    for (const [k, v] of Object.entries(raw as Body)) {
      const childPath = [path, normalizePath(k)].filter(Boolean).join('/');
      patch[k] = this.server.store.resolved(v, childPath);
    }
    this.written(r, path, this.server.store.merge(this.identity, path, patch, now));
  }

  private handleRequest(message: Request): void | Promise<void> {
    const { r, a } = message;
    const b = message.b && typeof message.b === 'object' ? message.b : {};
    switch (a) {
      case 'q':
      case 'l':
        return this.handleListen(r, b);
      case 'n':
        this.listens.delete(listenKey(normalizePath(b.p), b.t));
        return this.reply(r, 'ok', {});
      case 'g':
        return this.handleGet(r, b);
      case 'p':
        return this.handlePut(r, b);
      case 'm':
        return this.handleMerge(r, b);
      case 'auth':
      case 'gauth':
        return this.handleAuth(r, b.cred);
      case 'unauth':
        this.setIdentity(null);
        return this.reply(r, 'ok', {});
      case 's': // client statistics
      case 'appcheck':
      case 'unappcheck':
        return this.reply(r, 'ok', {});
      case 'o':
      case 'om':
      case 'oc':
      case 'od':
        return this.reply(r, 'not_supported', 'onDisconnect is not supported by the local database server');
      default:
        return this.reply(r, 'not_supported', `action ${String(a)} is not supported by the local database server`);
    }
  }

  private async handleText(text: string): Promise<void> {
    let parsed: { t?: string; d?: unknown };
    try {
      parsed = JSON.parse(text) as { t?: string; d?: unknown };
    } catch {
      this.server.log(`ignoring malformed frame from ${this.peer}`);
      return;
    }
    if (parsed.t === 'd' && parsed.d && typeof parsed.d === 'object') {
      try {
        await this.handleRequest(parsed.d as Request);
      } catch (e) {
        this.server.log(`error handling ${text.slice(0, 200)}: ${String(e)}`);
        this.reply((parsed.d as Request).r, 'internal_error', 'The local database server failed on this request');
      }
    } else if (parsed.t === 'c') {
      const control = parsed.d as { t?: string } | undefined;
      if (control?.t === 'p') this.send({ t: 'c', d: { t: 'o', d: {} } }); // ping -> pong
    }
  }
}
