/**
 * Process entry of the local Realtime Database server (started by startDatabaseServer(), or by hand):
 *
 *   node stand-ins/firebase/databaseMain.ts [--port 9000] [--host 127.0.0.1]
 *        [--rules mf-account/database.rules.json] [--data seed.json] [--data-dir .data]
 *        [--allowed-origin http://localhost:3000 ...] [--auth-verify-url URL]
 *        [--max-write-bytes 1048576] [--verbose]
 *
 * Rules/data may also come as JSON in RTDB_RULES_JSON / RTDB_DATA_JSON. With --data-dir the data is kept
 * in <dir>/database.json across restarts, and the administrator credential is the secret in
 * <dir>/database-admin.secret (created on first start); RTDB_ADMIN_SECRET overrides it. ID tokens are
 * checked with the Auth service at --auth-verify-url (STOREFRONT_AUTH_VERIFY_URL); without it none is
 * accepted. Allowed origins may also come comma-separated in STOREFRONT_ORIGINS. With an IPC channel (the
 * launcher) it reports {type:"ready", port} or {type:"error", message}, and exits when the channel closes
 * (the launcher died): no orphans.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadFirebaseServer } from './firebaseServerLoader.ts';
import { onParentDeath } from './parentDeath.ts';
import { defaultRulesPath } from './paths.ts';
import { adminSecretOf } from 'service-kit/local-admin-secrets';
import { createRtdbServerClass, type StorefrontRtdbServer, type TokenCheck } from './rtdbServer.ts';

type Report = { type: 'ready'; port: number; host: string } | { type: 'error'; message: string };

function report(message: Report): void {
  if (typeof process.send === 'function') process.send(message);
}

function fail(message: string): never {
  report({ type: 'error', message });
  console.error(`[database] ${message}`);
  process.exit(1);
}

function readJson(what: string, file: string | undefined, envName: string): unknown {
  const inline = process.env[envName];
  try {
    if (file) return JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (inline) return JSON.parse(inline) as unknown;
  } catch (e) {
    fail(`cannot read ${what} ${file ?? `from ${envName}`}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return undefined;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9000' },
    host: { type: 'string', default: '127.0.0.1' },
    rules: { type: 'string' },
    data: { type: 'string' },
    'data-dir': { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    'auth-verify-url': { type: 'string' },
    'max-write-bytes': { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

if (process.env.NODE_ENV === 'production') {
  console.error('The local Firebase stand-ins do not run with NODE_ENV=production: production uses a real Firebase project.');
  process.exit(1);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${values.port}`);
const maxWriteBytes = values['max-write-bytes'] === undefined ? undefined : Number(values['max-write-bytes']);
if (maxWriteBytes !== undefined && !(Number.isInteger(maxWriteBytes) && maxWriteBytes > 0)) {
  fail(`invalid --max-write-bytes ${values['max-write-bytes']}`);
}
const rules = readJson('rules', values.rules ?? (process.env.RTDB_RULES_JSON ? undefined : defaultRulesPath), 'RTDB_RULES_JSON');
const data = readJson('data', values.data, 'RTDB_DATA_JSON');
const verbose = values.verbose;
const dataDir = values['data-dir'] === undefined ? undefined : path.resolve(values['data-dir']);
const allowedOrigins = [
  ...(values['allowed-origin'] ?? []),
  ...(process.env.STOREFRONT_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
];
const authVerifyUrl = values['auth-verify-url'] ?? process.env.STOREFRONT_AUTH_VERIFY_URL;

/** Asks the shop's Auth service whether it issued the token (see authProxy.ts). */
async function verifyIdToken(idToken: string): Promise<TokenCheck> {
  if (!authVerifyUrl) return { ok: false, reason: 'no Auth service is configured to check ID tokens' };
  const response = await fetch(authVerifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
    signal: AbortSignal.timeout(5000),
  });
  const body = (await response.json()) as { uid?: string; exp?: number; claims?: Record<string, unknown>; message?: string };
  if (response.ok && typeof body.uid === 'string' && typeof body.exp === 'number') {
    return { ok: true, uid: body.uid, exp: body.exp, claims: body.claims ?? {} };
  }
  return { ok: false, reason: body.message ?? `the Auth service answered ${response.status}` };
}

let server: StorefrontRtdbServer;
try {
  const ServerClass = createRtdbServerClass(loadFirebaseServer());
  const adminSecret = process.env.RTDB_ADMIN_SECRET || (dataDir ? adminSecretOf(dataDir) : undefined);
  server = new ServerClass({
    port,
    host: values.host,
    rules,
    data,
    allowedOrigins,
    verifyIdToken,
    ...(adminSecret ? { adminSecret } : {}),
    ...(dataDir ? { persistFile: path.join(dataDir, 'database.json') } : {}),
    ...(maxWriteBytes === undefined ? {} : { maxWriteBytes }),
    log: verbose ? (line) => console.log(`[database] ${line}`) : () => {},
    warn: (line) => console.error(`[database] ${line}`),
  }) as unknown as StorefrontRtdbServer;
} catch (e) {
  fail(`cannot start: ${e instanceof Error ? e.message : String(e)}`);
}

server.wss.once('error', (err: Error & { code?: string }) => {
  fail(err.code === 'EADDRINUSE' ? `port ${values.host}:${port} is already in use` : err.message);
});
server.wss.once('listening', () => {
  const actual = server.getPort();
  const kept = dataDir ? `data in ${path.join(dataDir, 'database.json')}` : 'data in memory';
  console.log(`[database] Realtime Database (firebase-server) on ws://${values.host}:${actual}, ${kept}`);
  report({ type: 'ready', port: actual, host: values.host });
});

// One stop however many ask for it (Ctrl-C reaches us from the terminal and again from npm start's
// supervisor): the data is saved before the process exits.
let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 3000).unref();
  server.stop().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error(`[database] saving at stop failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => shutdown(0));
if (typeof process.send === 'function') {
  process.on('disconnect', () => shutdown(0));
}
// Started without IPC (stack orchestrator, terminal) and the starter died: exit too, no orphan.
onParentDeath(() => {
  console.error('[database] parent process gone; stopping');
  shutdown(0);
});
