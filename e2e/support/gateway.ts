import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');
const portBase = Number(process.env.E2E_PORT_BASE ?? 4000);

export interface ExtraGateway {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second gateway in front of the suite's own services (catalogue, checkout, local Firebase), for
 * tests that need the gateway configured differently: another remote location, its own releases.
 */
export async function startGateway(port: number, env: Record<string, string>): Promise<ExtraGateway> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'shell/server/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CATALOG_URL: `http://127.0.0.1:${portBase + 101}`,
      CHECKOUT_URL: `http://127.0.0.1:${portBase + 102}`,
      CONTACT_DB: ':memory:',
      RELEASES_DIR: path.join(os.tmpdir(), `e2e-gateway-releases-${port}-${process.pid}`),
      FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${portBase + 199}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${portBase + 100}`,
      FIREBASE_DATABASE_URL: `http://127.0.0.1:${portBase + 100}?ns=demo-storefront`,
      RATE_LIMIT_PER_MINUTE: '0',
      CATALOG_RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://localhost:${port}`;
  for (let waited = 0; ; waited += 100) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (child.exitCode !== null || waited > 20_000) throw new Error(`the extra gateway did not start:\n${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
