// The soak's own storefront: npm start's stack with every port moved to the soak's base (from the
// stack's one list of ports, so it runs beside a developer's npm start) and a fresh data folder.
import path from 'node:path';
import { startChild } from '../bench/child.ts';
import { stackPortEnv } from '../stack/stackPorts.ts';

/** The environment of the soak's stack: its ports from `base`, its data in `dataDir`, per-address limits off. */
export function soakStackEnv(base: number, dataDir: string): Record<string, string> {
  return {
    ...stackPortEnv(base),
    DATA_DIR: dataDir,
    RELEASES_DIR: path.join(dataDir, 'releases'),
    // Every simulated shopper comes from 127.0.0.1, so the per-address limits would stop them as
    // one client: off for this run. rateLimits.reliability.test.ts covers them.
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    CATALOG_RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  };
}

/** Starts the soak's stack from the repository at `repoRoot`, its log in the work folder. */
export function startSoakStack(repoRoot: string, base: number, workDir: string, dataDir: string) {
  return startChild('stack', process.execPath, [path.join(repoRoot, 'tools/stack/start.ts')], {
    cwd: repoRoot,
    logFile: path.join(workDir, 'stack.log'),
    env: { ...process.env, ...soakStackEnv(base, dataDir) },
  });
}
