// Real processes for gateway tests: the gateway, the catalogue service and the checkout service, each
// started from its own main.ts exactly as the stack starts it (Node's own loader, not jest's module
// system), on free loopback ports, with data in a temporary folder.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startNodeService } from '../../../tools/kit/processes.ts';
import { fakeFrontEndEnv } from '../../bench/fakeFrontEnds.ts';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface Service {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Answers whether it is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

export { freePort };

/** Spawns `node <entry>` and resolves once its output matches `ready` (whose group 1 is the base URL). */
export async function startProcess(name: string, entry: string, env: Record<string, string>, ready: RegExp, timeoutMs = 30_000): Promise<Service> {
  const started = await startNodeService(path.join(repoRoot, entry), { name, env, cwd: repoRoot, ready, timeoutMs });
  return { url: started.url, child: started.child, output: started.output, alive: started.alive, stop: () => started.stop() };
}

export const INTERNAL_TOKEN = 'gateway-test-internal-token';

export function startCatalog(dataDir: string, env: Record<string, string> = {}): Promise<Service> {
  return startProcess(
    'catalogue service',
    'mf-catalog/server/main.ts',
    { PORT: '0', SQLITE_PATH: path.join(dataDir, 'catalog.db'), SEED_PRODUCTS: '60', INTERNAL_TOKEN, ...env },
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}

/**
 * Stands in for the local Auth service's token check when a test needs no signed-in shopper: it
 * issued no token, so it vouches for none (as the real one answers a token it never handed out).
 */
async function startTokenCheckKnowingNoTokens(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'the token was not issued by this Auth service' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/storefront/v1/tokens:verify`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function startCheckout(dataDir: string, catalogUrl: string, env: Record<string, string> = {}): Promise<Service> {
  const tokenCheck = await startTokenCheckKnowingNoTokens();
  const service = await startProcess(
    'checkout service',
    'mf-checkout/server/main.ts',
    {
      PORT: '0',
      SQLITE_PATH: path.join(dataDir, 'orders.db'),
      CATALOG_URL: catalogUrl,
      INTERNAL_TOKEN,
      // Port 9 (discard) refuses connections: a test that reaches Stripe by mistake gets a 503, never a charge.
      STRIPE_MOCK_URL: 'http://127.0.0.1:9',
      FIREBASE_PROJECT_ID: 'demo-storefront',
      FIREBASE_AUTH_VERIFY_URL: tokenCheck.url,
      SESSION_SECRET: 'gateway-test-session-secret-0123456789',
      LOG_LEVEL: 'info',
      ...env,
    },
    /listening on (http:\/\/[0-9.]+:\d+)/,
  ).catch(async (error: unknown) => {
    await tokenCheck.close();
    throw error;
  });
  return {
    ...service,
    async stop() {
      await service.stop();
      await tokenCheck.close();
    },
  };
}

export async function startGateway(root: string, upstreams: { catalogUrl: string; checkoutUrl: string }, env: Record<string, string> = {}): Promise<Service> {
  const port = await freePort();
  const service = await startProcess(
    'gateway',
    'shell/server/main.ts',
    {
      PORT: String(port),
      CATALOG_URL: upstreams.catalogUrl,
      CHECKOUT_URL: upstreams.checkoutUrl,
      ...fakeFrontEndEnv(root),
      ...env,
    },
    /storefront at (http:\/\/localhost:\d+)/,
  );
  return { ...service, url: `http://127.0.0.1:${port}` };
}

/** A temporary folder and the services started in it, stopped and removed together. */
export function workspace(prefix: string) {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  const services: Service[] = [];
  return {
    root,
    track(service: Service): Service {
      services.push(service);
      return service;
    },
    async cleanup() {
      await Promise.all(services.reverse().map((service) => service.stop()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
