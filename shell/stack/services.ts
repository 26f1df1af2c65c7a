import path from 'node:path';
import type { ServiceSpec } from './processes.ts';
import type { StackConfig } from './stackConfig.ts';

const local = (port: number, pathname = '/') => `http://127.0.0.1:${port}${pathname}`;

/** Every process of the embedded default, in start order (each one's dependencies come first). */
export function stackServices(config: StackConfig, repoRoot: string): ServiceSpec[] {
  const node = process.execPath;
  const { ports, dataDir, projectId, internalToken } = config;
  const authEmulatorHost = `127.0.0.1:${ports.authEmulator}`;
  return [
    {
      name: 'catalog',
      command: node,
      args: [path.join(repoRoot, 'mf-catalog/server/main.ts')],
      cwd: repoRoot,
      env: {
        HOST: '127.0.0.1',
        PORT: String(ports.catalog),
        SQLITE_PATH: path.join(dataDir, 'catalog.db'),
        INTERNAL_TOKEN: internalToken,
      },
      readyUrl: local(ports.catalog, '/products/categories'),
    },
    {
      name: 'stripe-mock',
      command: node,
      args: [path.join(repoRoot, 'mf-checkout/server/payments/stripeMockMain.ts')],
      cwd: repoRoot,
      env: { HOST: '127.0.0.1', PORT: String(ports.stripeMock) },
      readyUrl: local(ports.stripeMock, '/'),
    },
    {
      name: 'auth',
      command: node,
      args: [path.join(repoRoot, 'mf-account/server/emulators/cli.ts'), 'auth', '--auth-port', String(ports.authEmulator), '--project', projectId],
      cwd: repoRoot,
      readyUrl: local(ports.authEmulator, '/'),
      readyTimeoutMs: 120_000,
    },
    {
      name: 'database',
      command: node,
      args: [path.join(repoRoot, 'mf-account/server/emulators/database-main.ts'), '--port', String(ports.databaseEmulator), '--project', projectId],
      cwd: repoRoot,
      readyUrl: local(ports.databaseEmulator, '/.json'),
    },
    {
      name: 'checkout',
      command: node,
      args: [path.join(repoRoot, 'mf-checkout/server/main.ts')],
      cwd: repoRoot,
      env: {
        HOST: '127.0.0.1',
        PORT: String(ports.checkout),
        SQLITE_PATH: path.join(dataDir, 'orders.db'),
        CATALOG_URL: local(ports.catalog, ''),
        INTERNAL_TOKEN: internalToken,
        STRIPE_MOCK_URL: local(ports.stripeMock, ''),
        FIREBASE_PROJECT_ID: projectId,
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
      readyUrl: local(ports.checkout, '/api/checkout/health'),
    },
    {
      name: 'gateway',
      command: node,
      args: [path.join(repoRoot, 'shell/server/main.ts')],
      cwd: repoRoot,
      env: {
        HOST: '127.0.0.1',
        PORT: String(ports.gateway),
        CATALOG_URL: local(ports.catalog, ''),
        CHECKOUT_URL: local(ports.checkout, ''),
        CONTACT_DB: path.join(dataDir, 'contact.db'),
        FIREBASE_PROJECT_ID: projectId,
        FIREBASE_DATABASE_URL: `http://127.0.0.1:${ports.databaseEmulator}?ns=${projectId}`,
        FIREBASE_AUTH_EMULATOR_URL: `http://${authEmulatorHost}`,
        FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.databaseEmulator}`,
      },
      readyUrl: local(ports.gateway, '/remotes.json'),
    },
  ];
}
