import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './args.ts';
import type { CatalogContext } from './catalogContext.ts';
import { INTERNAL_TOKEN } from './catalogCheckouts.ts';
import { GATEWAY_PREFIX } from '../../mf-catalog/bench/scenarios.ts';
import type { Storage } from './catalogStorage.ts';
import { startChild } from './child.ts';
import { fakeFrontEndEnv } from '../../shell/bench/fakeFrontEnds.ts';
import { MemorySampler } from './system.ts';

export const SEED_PRODUCTS = 180;
export const CATALOG_SEED = 20261121;

export function baseEnv(): Record<string, string | undefined> {
  // The bench's own environment, minus anything that would point the service somewhere else.
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'SQLITE_PATH', 'PORT', 'HOST', 'SEED_PRODUCTS', 'CATALOG_SEED']) delete env[name];
  return env;
}

/** Runs a catalogue CLI to completion, timing it and sampling its memory. */
export async function runCli(ctx: CatalogContext, name: string, script: string, args: string[], env: Record<string, string>, timeoutMs: number) {
  const child = startChild(name, process.execPath, [path.join(ctx.repoRoot, script), ...args], {
    cwd: ctx.repoRoot,
    env: { ...baseEnv(), ...env, CATALOG_SEED: String(CATALOG_SEED) },
    logFile: path.join(ctx.workDir, `${name}.log`),
  });
  const sampler = new MemorySampler(child.pid).start(250);
  const started = performance.now();
  const timer = setTimeout(() => void child.stop(10_000), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  const peak = sampler.stop();
  if (code !== 0) throw new Error(`${name} failed (exit ${code}); its log ends:\n${child.tail()}`);
  return { seconds, peak };
}

/** Starts the gateway in front of the catalogue, with stand-ins for the front ends. */
export async function startBenchGateway(ctx: CatalogContext, catalogUrl: string, port: number) {
  const dir = path.join(ctx.workDir, 'gateway');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Limits off and no shared stores: what is measured is the proxy and its cache.
  const env = baseEnv();
  delete env.REDIS_URL;
  const gateway = startChild('gateway', process.execPath, [path.join(ctx.repoRoot, 'shell/server/main.ts')], {
    cwd: ctx.repoRoot,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CATALOG_URL: catalogUrl,
      CHECKOUT_URL: 'http://127.0.0.1:9',
      ...fakeFrontEndEnv(dir),
      GATEWAY_WORKERS: String(ctx.options.gatewayWorkers),
      RATE_LIMIT_PER_MINUTE: '0',
      CATALOG_RATE_LIMIT_PER_MINUTE: '0',
    },
    logFile: path.join(ctx.workDir, 'gateway.log'),
  });
  await gateway.ready(`http://127.0.0.1:${port}${GATEWAY_PREFIX}/products/1`, { timeoutMs: 60_000 });
  return gateway;
}

/** `instances` catalogue services on the one storage, each on its own port (not ready yet). */
export function startCatalogServices(ctx: CatalogContext, db: Db, name: string, storage: Storage) {
  const ports = Array.from({ length: ctx.options.instances }, (_, i) => ctx.options.basePort + 6 + i);
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  const services = ports.map((port, i) =>
    startChild(`catalog-${db}-${name}-${i + 1}`, process.execPath, [path.join(ctx.repoRoot, 'mf-catalog/server/main.ts')], {
      cwd: ctx.repoRoot,
      env: {
        ...baseEnv(),
        ...storage.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_PRODUCTS: String(SEED_PRODUCTS),
        CATALOG_SEED: String(CATALOG_SEED),
        INTERNAL_TOKEN,
      },
      logFile: path.join(ctx.workDir, `catalog-${db}-${name}-${i + 1}.log`),
    }),
  );
  return { services, bases, pids: services.map((service) => service.pid) };
}
