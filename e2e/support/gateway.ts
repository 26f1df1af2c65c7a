import os from 'node:os';
import path from 'node:path';
import { runNode } from '../../tools/kit/processes.ts';

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
  const gateway = runNode(path.join(repoRoot, 'shell/server/main.ts'), {
    name: 'the extra gateway',
    cwd: repoRoot,
    inheritEnv: true,
    env: {
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
  });
  await gateway.ready(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 30_000 });
  const baseURL = `http://localhost:${port}`;
  return {
    baseURL,
    stop: () => gateway.stop(),
  };
}
