/**
 * Runs mf-account's offline Firebase backends in the foreground until Ctrl-C.
 *
 *   node mf-account/server/emulators/cli.ts [all|auth|database]
 *        [--project demo-storefront] [--auth-port 9099] [--db-port 9000] [--host 127.0.0.1]
 *        [--rules mf-account/database.rules.json] [--verbose]
 */
import { parseArgs } from 'node:util';
import { startAuthEmulator, startDatabaseServer } from './index.ts';
import { onParentDeath } from './parent-death.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    project: { type: 'string', default: 'demo-storefront' },
    host: { type: 'string', default: '127.0.0.1' },
    'auth-port': { type: 'string', default: '9099' },
    'db-port': { type: 'string', default: '9000' },
    rules: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const what = positionals[0] ?? 'all';
if (values.help || !['all', 'auth', 'database'].includes(what)) {
  console.log('usage: node mf-account/server/emulators/cli.ts [all|auth|database] [--project demo-storefront] [--auth-port 9099] [--db-port 9000] [--host 127.0.0.1] [--rules file] [--verbose]');
  process.exit(values.help ? 0 : 2);
}

function port(name: 'auth-port' | 'db-port'): number {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`--${name} must be a port number, got ${values[name]}`);
    process.exit(2);
  }
  return n;
}

const log = values.verbose ? (prefix: string) => (line: string) => console.log(`[${prefix}] ${line}`) : () => undefined;
const stops: Array<() => Promise<void>> = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.allSettled(stops.map((s) => s()));
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));
// Whoever started us died without stopping us (e.g. SIGKILL): stop too, never linger as an orphan.
onParentDeath(() => {
  console.error('parent process gone; stopping');
  void stopAll(0);
});

try {
  const jobs: Array<Promise<void>> = [];
  if (what === 'all' || what === 'auth') {
    jobs.push(
      startAuthEmulator({ projectId: values.project, host: values.host, port: port('auth-port'), log: log('auth') }).then((a) => {
        stops.push(a.stop);
        console.log(`Auth emulator        ${a.url}  (project ${a.projectId}, pid ${a.pid}, ready in ${a.startupMs} ms, users in memory)`);
      }),
    );
  }
  if (what === 'all' || what === 'database') {
    jobs.push(
      startDatabaseServer({
        projectId: values.project,
        host: values.host,
        port: port('db-port'),
        ...(values.rules ? { rules: values.rules } : {}),
        verbose: values.verbose,
        log: log('database'),
      }).then((d) => {
        stops.push(d.stop);
        console.log(`Realtime Database    ${d.url}  (firebase-server, rules enforced, pid ${d.pid}, ready in ${d.startupMs} ms, data in memory)`);
      }),
    );
  }
  const results = await Promise.allSettled(jobs);
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) {
    for (const f of failed) console.error(String(f.reason instanceof Error ? f.reason.message : f.reason));
    await stopAll(1);
  }
  console.log('Ctrl-C to stop.');
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  await stopAll(1);
}
