import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { stackPortEnv, stackPortsAt } from '../tools/stack/stackPorts';

// The suite runs its own stack on ports of its own, with a fresh data folder, so it never
// collides with a storefront a developer has running on :3000.
// E2E_PORT_BASE lets two suites run side by side (each engineer or CI job its own base).
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000);
// Every port of the stack moves with the base (tools/stack/stackPorts.ts, the stack's one list).
const ports = stackPortsAt(portBase);
const repoRoot = path.resolve(__dirname, '..');
export const baseURL = `http://localhost:${ports.gateway}`;
/** Each service's Prometheus metrics (e2e/web-vitals.spec.ts and e2e/metrics.spec.ts read them). */
export const gatewayMetricsURL = `http://127.0.0.1:${ports.gatewayMetrics}/metrics`;
export const catalogMetricsURL = `http://127.0.0.1:${ports.catalogMetrics}/metrics`;
export const checkoutMetricsURL = `http://127.0.0.1:${ports.checkoutMetrics}/metrics`;
/** The suite's mail catcher: its inbox page, and its REST API under /api (e2e/messages.spec.ts reads the shop's mail there). */
export const inboxURL = `http://127.0.0.1:${ports.mailWeb}`;
/**
 * The suite's data folder, fresh for each run. Set once in the runner and inherited by its workers
 * (which load this file again): the commands the tests run, such as the staff command, find the
 * local Auth service's administrator secret there, as they find `.data/`'s beside `npm start`.
 */
export const dataDir = (process.env.DATA_DIR = process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `storefront-e2e-${process.pid}`));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The container topology's journey runs against containers (deploy/podman/topology-test.sh).
  testIgnore: 'topology/**',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that passes only sometimes is a failure, reported by name (docs/reliability.md).
  retries: 0,
  // A guard against hangs, not a speed target (speed is measured by npm run bench): the longest
  // ordinary tests take ~30 s when the shared 2-core machine is busy.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(repoRoot, 'test-results'),
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: `"${process.execPath}" tools/stack/start.ts`,
    cwd: repoRoot,
    url: `${baseURL}/remotes.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...stackPortEnv(portBase),
      DATA_DIR: dataDir,
      // The suite's own release registry, empty: a developer's promoted releases never leak in.
      RELEASES_DIR: path.join(os.tmpdir(), `storefront-e2e-releases-${process.pid}`),
      // Every test comes from 127.0.0.1: the per-address limits would count the whole suite as one
      // shopper. The limits themselves are tested in shell/server/rateLimits.reliability.test.ts.
      RATE_LIMIT_PER_MINUTE: '0',
      CATALOG_RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '0',
    },
  },
});
