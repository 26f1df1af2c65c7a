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
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FirebaseServerInstance, LoadedFirebaseServer } from './firebaseServerLoader.ts';
import { RtdbConnection, type ConnectionHost } from './rtdbConnection.ts';
import { exportNode } from './rtdbData.ts';
import { MAX_FRAME, type SocketLike } from './rtdbFrames.ts';
import { answerHttp } from './rtdbHttp.ts';
import { RtdbStore, type TokenCheck } from './rtdbStore.ts';

export { normalizePath } from './rtdbData.ts';
export type { TokenCheck } from './rtdbStore.ts';

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

/** The firebase-server WebSocket options: frames big enough for the largest write, and only the shop's origins. */
function socketOptions(options: RtdbServerOptions, allowed: ReadonlySet<string>, maxWriteBytes: number, warn: (line: string) => void) {
  return {
    port: options.port,
    address: options.host,
    maxPayload: maxWriteBytes + MAX_FRAME,
    // Refused before the upgrade: a foreign page never gets a connection at all.
    verifyClient: (info: { origin?: string }, done: (ok: boolean, code?: number, message?: string) => void) => {
      if (!info.origin || allowed.has(info.origin)) return done(true);
      warn(`refused a connection from origin ${info.origin}`);
      done(false, 403, 'Origin not allowed');
    },
  };
}

export function createRtdbServerClass(loaded: LoadedFirebaseServer) {
  const { FirebaseServer, targaryen, getFirebaseHash } = loaded;

  class StorefrontRtdbServer extends FirebaseServer {
    private readonly store: RtdbStore;
    private readonly host: ConnectionHost;
    private readonly adminSecret: Buffer | undefined;
    private readonly log: (line: string) => void;
    private readonly warn: (line: string) => void;
    private readonly fallbackName: string;
    private readonly connections = new Set<RtdbConnection>();
    private stopping = false;

    constructor(options: RtdbServerOptions) {
      const maxWriteBytes = options.maxWriteBytes ?? 1024 * 1024;
      const log = options.log ?? (() => {});
      const warn = options.warn ?? log;
      const allowed = new Set(options.allowedOrigins ?? []);
      // firebase-server's own store starts empty and stays unused: data and rules live in targaryen.
      super(socketOptions(options, allowed, maxWriteBytes, warn), `${options.host}:${options.port}`, null);
      // The HTTP side of the port: ws answers every plain request 426; probes get an answer of their own.
      const plain = (this.wss as unknown as { _server?: Server })._server;
      if (plain) {
        plain.removeAllListeners('request');
        plain.on('request', (request: IncomingMessage, response: ServerResponse) => answerHttp(request, response, allowed, this.stopping));
      }
      this.store = new RtdbStore(targaryen, {
        rules: options.rules,
        data: options.data,
        persistFile: options.persistFile,
        saveDelayMs: options.saveDelayMs,
        log,
      });
      this.adminSecret = options.adminSecret ? Buffer.from(options.adminSecret) : undefined;
      const verifyIdToken =
        options.verifyIdToken ?? (async () => ({ ok: false, reason: 'this database accepts no ID tokens (no Auth service configured)' }) as const);
      this.log = log;
      this.warn = warn;
      this.fallbackName = `${options.host}:${options.port}`;
      this.host = {
        store: this.store,
        maxWriteBytes,
        log,
        warn,
        isAdminSecret: (cred) => this.isAdminSecret(cred),
        checkIdToken: verifyIdToken,
        hashOf: getFirebaseHash,
        changed: (path) => {
          for (const connection of this.connections) connection.notify(path);
        },
      };
    }

    /** From now on /readyz answers 503 (a stop has begun). */
    beginShutdown(): void {
      this.stopping = true;
    }

    /** Saves pending changes now. */
    flush(): Promise<void> {
      return this.store.flush();
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
      await this.store.close();
    }

    isAdminSecret(cred: unknown): boolean {
      if (!this.adminSecret || typeof cred !== 'string') return false;
      const given = Buffer.from(cred);
      return given.length === this.adminSecret.length && timingSafeEqual(given, this.adminSecret);
    }

    setRules(rules: unknown): void {
      this.store.setRules(rules);
    }

    getValue(): Promise<unknown> {
      return Promise.resolve(this.store.root.$value());
    }

    exportData(): Promise<unknown> {
      return Promise.resolve(exportNode(this.store.root));
    }

    /** firebase-server hands every accepted WebSocket here. */
    handleConnection(ws: SocketLike, req?: IncomingMessage): void {
      const peer = `${req?.socket.remoteAddress ?? '?'}:${req?.socket.remotePort ?? '?'}`;
      const hostHeader = req?.headers.host ?? '';
      // The handshake names the Host the client used (the SDK reconnects there), when it is a plausible one.
      const host = /^[A-Za-z0-9.\-[\]:]{1,255}$/.test(hostHeader) ? hostHeader : this.fallbackName;
      this.log(`connection from ${peer} (ns ${new URL(req?.url ?? '/', 'http://x').searchParams.get('ns') ?? '-'})`);
      const connection = new RtdbConnection(ws, this.host, peer);
      this.connections.add(connection);
      connection.start(host, () => this.connections.delete(connection));
    }
  }

  return StorefrontRtdbServer;
}

export type StorefrontRtdbServer = FirebaseServerInstance & {
  beginShutdown(): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
  setRules(rules: unknown): void;
  getValue(): Promise<unknown>;
  exportData(): Promise<unknown>;
};
