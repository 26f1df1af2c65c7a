/**
 * Runs the local Firebase (Auth and the Realtime Database) in the foreground until Ctrl-C.
 *
 *   node stand-ins/firebase/cli.ts [all|auth|database]
 *        [--project demo-storefront] [--auth-port 9099] [--db-port 9000] [--host 127.0.0.1]
 *        [--data-dir .data] [--allowed-origin http://localhost:3000 ...]
 *        [--auth-verify-url http://127.0.0.1:9099/storefront/v1/tokens:verify]
 *        [--rules mf-account/database.rules.json] [--verbose]
 *
 * With --data-dir, accounts and database data are kept there across restarts. --allowed-origin names
 * the shop's pages (repeat it for several); other origins are refused. The database alone needs
 * --auth-verify-url to accept ID tokens (with `all` it uses the Auth service it starts).
 */
import { parseArgs } from 'node:util';
import { startAuthEmulator, startDatabaseServer } from './index.ts';
import { onParentDeath } from './parentDeath.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    project: { type: 'string', default: 'demo-storefront' },
    host: { type: 'string', default: '127.0.0.1' },
    'auth-port': { type: 'string', default: '9099' },
    'db-port': { type: 'string', default: '9000' },
    rules: { type: 'string' },
    'data-dir': { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    'auth-verify-url': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (process.env.NODE_ENV === 'production') {
  console.error('The local Firebase stand-ins do not run with NODE_ENV=production: production uses a real Firebase project.');
  process.exit(1);
}
const what = positionals[0] ?? 'all';
if (values.help || !['all', 'auth', 'database'].includes(what)) {
  console.log(
    'usage: node stand-ins/firebase/cli.ts [all|auth|database] [--project demo-storefront] [--auth-port 9099] [--db-port 9000] [--host 127.0.0.1] [--data-dir dir] [--allowed-origin url ...] [--auth-verify-url url] [--rules file] [--verbose]',
  );
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
let stopping: Promise<never> | undefined;
/**
 * One stop, however many ask for it: Ctrl-C reaches this process from the terminal and again from
 * `npm start`'s supervisor, and a second signal must not cut short the save of the first.
 */
function stopAll(code: number): Promise<never> {
  stopping ??= Promise.allSettled(stops.map((s) => s())).then((results) => {
    const failures = results.filter((result) => result.status === 'rejected');
    for (const failure of failures) console.error(`stopping failed: ${failure.reason instanceof Error ? failure.reason.message : String(failure.reason)}`);
    return process.exit(failures.length > 0 ? 1 : code);
  });
  return stopping;
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));
// Whoever started us died without stopping us (e.g. SIGKILL): stop too, never linger as an orphan.
onParentDeath(() => {
  console.error('parent process gone; stopping');
  void stopAll(0);
});

const dataDir = values['data-dir'];
const allowedOrigins = values['allowed-origin'] ?? [];
const kept = dataDir ? `kept in ${dataDir}` : 'in memory';

try {
  let authVerifyUrl = values['auth-verify-url'];
  if (what === 'all' || what === 'auth') {
    const a = await startAuthEmulator({
      projectId: values.project,
      host: values.host,
      port: port('auth-port'),
      log: log('auth'),
      allowedOrigins,
      ...(dataDir ? { dataDir } : {}),
    });
    stops.push(a.stop);
    authVerifyUrl = a.verifyUrl;
    console.log(`Auth emulator        ${a.url}  (project ${a.projectId}, pid ${a.pid}, ready in ${a.startupMs} ms, users ${kept})`);
  }
  if (what === 'all' || what === 'database') {
    const d = await startDatabaseServer({
      projectId: values.project,
      host: values.host,
      port: port('db-port'),
      allowedOrigins,
      ...(dataDir ? { dataDir } : {}),
      ...(authVerifyUrl ? { authVerifyUrl } : {}),
      ...(values.rules ? { rules: values.rules } : {}),
      verbose: values.verbose,
      log: log('database'),
    });
    stops.push(d.stop);
    console.log(`Realtime Database    ${d.url}  (rules enforced, pid ${d.pid}, ready in ${d.startupMs} ms, data ${kept})`);
  }
  console.log('Ctrl-C to stop.');
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  await stopAll(1);
}
