import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { adminSecretOf } from 'service-kit/local-admin-secrets';
import { databaseMainPath, defaultRulesPath } from './paths.ts';
import { OutputTail, assertPortFree, exited, killOnExit, pollUntil, stopChild } from 'service-kit/processes';
import { probeRtdbHandshake } from './probes.ts';

export interface DatabaseServerOptions {
  /** Default 9000. 0 picks a free port (see the returned `port`). */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** The project the database belongs to (the default namespace). Default demo-storefront. */
  projectId?: string;
  /** Database namespace clients put in the URL (`?ns=`). Default: the project id. One store serves all. */
  namespace?: string;
  /** Rules object ({"rules": {...}}) or path of a rules JSON file. Default mf-account/database.rules.json. */
  rules?: string | Record<string, unknown>;
  /** Initial data (JSON), used when nothing is saved in `dataDir`. */
  data?: unknown;
  /**
   * Where the data is kept across restarts (`<dataDir>/database.json`) and the administrator secret
   * (`<dataDir>/database-admin.secret`). Without it, data lives in memory and the secret is made per start.
   */
  dataDir?: string;
  /** Origins of the shop's pages allowed to connect; connections without Origin always may. */
  allowedOrigins?: readonly string[];
  /** The Auth service's token check (RunningAuthEmulator.verifyUrl). Without it no ID token is accepted. */
  authVerifyUrl?: string;
  /** Writes larger than this many bytes of JSON are refused with too_big. Default 1 MiB. */
  maxWriteBytes?: number;
  /** Give up waiting for readiness after this long. Default 30 s. */
  readyTimeoutMs?: number;
  /** Receives every line the server prints (with `verbose`, one per connection/denial). */
  log?: (line: string) => void;
  verbose?: boolean;
}

export interface RunningDatabaseServer {
  /** databaseURL for the firebase SDK, e.g. http://127.0.0.1:9000/?ns=demo-storefront */
  url: string;
  /** ws://host:port, what the SDK connects to. */
  wsUrl: string;
  host: string;
  port: number;
  /** "host:port", for connectDatabaseEmulator / FIREBASE_DATABASE_EMULATOR_HOST. */
  hostAndPort: string;
  namespace: string;
  projectId: string;
  /** The administrator credential (e.g. `mockUserToken` of connectDatabaseEmulator in tests and tools). */
  adminSecret: string;
  pid: number;
  /** Milliseconds from spawn until the server answered the RTDB handshake. */
  startupMs: number;
  /** Stops the server (SIGTERM, SIGKILL after 5 s); idempotent. */
  stop(): Promise<void>;
}

function loadRules(rules: DatabaseServerOptions['rules']): string {
  if (rules !== undefined && typeof rules !== 'string') return JSON.stringify(rules);
  const file = rules ?? defaultRulesPath;
  const text = readFileSync(file, 'utf8');
  try {
    JSON.parse(text);
  } catch (e) {
    throw new Error(`database rules ${file} are not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return text;
}

/**
 * Starts the local Realtime Database (firebase-server@1 + our protocol handler, see rtdbServer.ts) in a
 * child process and resolves once it answers the RTDB WebSocket handshake.
 */
export async function startDatabaseServer(options: DatabaseServerOptions = {}): Promise<RunningDatabaseServer> {
  const host = options.host ?? '127.0.0.1';
  const requestedPort = options.port ?? 9000;
  const projectId = options.projectId ?? 'demo-storefront';
  const namespace = options.namespace ?? projectId;
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new Error(`database server: invalid port ${String(options.port)}`);
  }
  if (!/^[a-z0-9-]{1,63}$/i.test(namespace)) throw new Error(`database server: invalid namespace "${namespace}"`);
  const rulesJson = loadRules(options.rules);
  await assertPortFree(host, requestedPort, 'database server', 'another emulator or app is running there?');

  const args = ['--disable-warning=DEP0005', databaseMainPath, '--port', String(requestedPort), '--host', host];
  if (options.dataDir !== undefined) args.push('--data-dir', options.dataDir);
  for (const origin of options.allowedOrigins ?? []) args.push('--allowed-origin', origin);
  if (options.authVerifyUrl !== undefined) args.push('--auth-verify-url', options.authVerifyUrl);
  const adminSecret = options.dataDir === undefined ? randomBytes(32).toString('base64url') : adminSecretOf(options.dataDir);
  if (options.maxWriteBytes !== undefined) args.push('--max-write-bytes', String(options.maxWriteBytes));
  if (options.verbose) args.push('--verbose');
  const env: NodeJS.ProcessEnv = { ...process.env, RTDB_RULES_JSON: rulesJson, RTDB_ADMIN_SECRET: adminSecret };
  delete env.STOREFRONT_ORIGINS;
  delete env.STOREFRONT_AUTH_VERIFY_URL;
  delete env.RTDB_DATA_JSON;
  if (options.data !== undefined) env.RTDB_DATA_JSON = JSON.stringify(options.data);
  // Never let the server pick up emulator settings meant for clients.
  delete env.FIREBASE_DATABASE_EMULATOR_HOST;

  const started = Date.now();
  const tail = new OutputTail(60, options.log);
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const removeExitHook = killOnExit(child);
  child.stdout?.on('data', (c: Buffer) => tail.push(c));
  child.stderr?.on('data', (c: Buffer) => tail.push(c));

  let reportedPort: number | null = null;
  let reportedError: string | null = null;
  child.on('message', (m: unknown) => {
    const msg = m as { type?: string; port?: number; message?: string };
    if (msg.type === 'ready' && typeof msg.port === 'number') reportedPort = msg.port;
    if (msg.type === 'error') reportedError = msg.message ?? 'unknown error';
  });

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= stopChild(child, { signal: 'SIGTERM', graceMs: 5000 }).finally(removeExitHook);
    return stopping;
  };

  const died = exited(child).then(() => `database server exited during start-up (${reportedError ?? `code ${child.exitCode ?? child.signalCode}`})`);
  try {
    await pollUntil(async () => reportedPort !== null || reportedError !== null, {
      timeoutMs: readyTimeoutMs,
      intervalMs: 20,
      abort: died,
      what: 'database server listening',
    });
    if (reportedError !== null) throw new Error(`database server: ${reportedError}`);
    const port = reportedPort as unknown as number;
    await pollUntil(() => probeRtdbHandshake(host, port, 1000), {
      timeoutMs: readyTimeoutMs,
      intervalMs: 50,
      abort: died,
      what: 'database server handshake answered',
    });
    const hostAndPort = `${host}:${port}`;
    return {
      url: `http://${hostAndPort}/?ns=${namespace}`,
      wsUrl: `ws://${hostAndPort}`,
      host,
      port,
      hostAndPort,
      namespace,
      projectId,
      adminSecret,
      pid: child.pid ?? -1,
      startupMs: Date.now() - started,
      stop,
    };
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tail.text()}`);
  }
}
