import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontEnds } from './build.ts';
import { assertPortFree, defaultRestartPolicy, Supervisor } from './processes.ts';
import { stackServices } from './services.ts';
import { loadStackConfig } from './stackConfig.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadStackConfig(process.env, repoRoot);
  const services = stackServices(config, repoRoot);
  const portOwners: [number, string][] = [
    [config.ports.gateway, 'storefront'],
    [config.ports.catalog, 'catalogue service'],
    [config.ports.checkout, 'checkout service'],
    [config.ports.authEmulator, 'Firebase Auth emulator'],
    [config.ports.databaseEmulator, 'Realtime Database server'],
    [config.ports.stripeMock, 'Stripe test-mode server'],
    [config.ports.localStripe, 'local Stripe (PaymentIntents)'],
  ];
  for (const [port, owner] of portOwners) await assertPortFree(port, owner);
  mkdirSync(config.dataDir, { recursive: true });

  if (!config.skipBuild) await buildFrontEnds();

  const supervisor = new Supervisor({ policy: { ...defaultRestartPolicy, initialDelayMs: config.restartDelayMs } });
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log('[stack] stopping…');
    await supervisor.stopAll();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    for (const service of services) {
      await supervisor.start(service);
      console.log(`[stack] ${service.name} is ready (pid ${supervisor.pid(service.name)})`);
    }
  } catch (error) {
    console.error(`[stack] ${(error as Error).message}`);
    await shutdown(1);
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\n[stack] Storefront ready in ${seconds} s at http://localhost:${config.ports.gateway}  (a service that stops is restarted; Ctrl-C stops everything)\n`,
  );
}

main().catch((error: unknown) => {
  console.error(`[stack] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
