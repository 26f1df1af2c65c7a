/**
 * Process entry of the local Realtime Database server (started by startDatabaseServer(), or by hand):
 *
 *   node mf-account/server/emulators/database-main.ts [--port 9000] [--host 127.0.0.1]
 *        [--project demo-storefront] [--rules mf-account/database.rules.json] [--data seed.json]
 *        [--max-write-bytes 1048576] [--no-owner] [--verbose]
 *
 * Rules/data may also come as JSON in RTDB_RULES_JSON / RTDB_DATA_JSON. With an IPC channel (the
 * launcher) it reports {type:"ready", port} or {type:"error", message}, and exits when the channel closes
 * (the launcher died): no orphans.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadFirebaseServer } from './firebase-server-loader.ts';
import { onParentDeath } from './parent-death.ts';
import { defaultRulesPath } from './paths.ts';
import { createRtdbServerClass, type StorefrontRtdbServer } from './rtdb-server.ts';

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
    project: { type: 'string', default: 'demo-storefront' },
    rules: { type: 'string' },
    data: { type: 'string' },
    'max-write-bytes': { type: 'string' },
    'no-owner': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${values.port}`);
const maxWriteBytes = values['max-write-bytes'] === undefined ? undefined : Number(values['max-write-bytes']);
if (maxWriteBytes !== undefined && !(Number.isInteger(maxWriteBytes) && maxWriteBytes > 0)) {
  fail(`invalid --max-write-bytes ${values['max-write-bytes']}`);
}
const rules = readJson('rules', values.rules ?? (process.env.RTDB_RULES_JSON ? undefined : defaultRulesPath), 'RTDB_RULES_JSON');
const data = readJson('data', values.data, 'RTDB_DATA_JSON');
const verbose = values.verbose;

let server: StorefrontRtdbServer;
try {
  const ServerClass = createRtdbServerClass(loadFirebaseServer());
  server = new ServerClass({
    port,
    host: values.host,
    projectId: values.project,
    rules,
    data,
    acceptOwnerToken: !values['no-owner'],
    ...(maxWriteBytes === undefined ? {} : { maxWriteBytes }),
    log: verbose ? (line) => console.log(`[database] ${line}`) : () => {},
  }) as unknown as StorefrontRtdbServer;
} catch (e) {
  fail(`cannot start: ${e instanceof Error ? e.message : String(e)}`);
}

server.wss.once('error', (err: Error & { code?: string }) => {
  fail(err.code === 'EADDRINUSE' ? `port ${values.host}:${port} is already in use` : err.message);
});
server.wss.once('listening', () => {
  const actual = server.getPort();
  console.log(`[database] Realtime Database (firebase-server) on ws://${values.host}:${actual} for ${values.project}`);
  report({ type: 'ready', port: actual, host: values.host });
});

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 3000).unref();
  server.close().then(
    () => process.exit(code),
    () => process.exit(code),
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
