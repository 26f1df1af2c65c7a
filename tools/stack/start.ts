import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontEnds } from './build.ts';
import { assertPortFree } from 'service-kit/processes';
import { defaultRestartPolicy, Supervisor, type ServiceSpec } from './processes.ts';
import { stackServices } from './services.ts';
import { loadStackConfig } from './stackConfig.ts';
import { STACK_PORTS } from './stackPorts.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The services named on the command line (`node tools/stack/start.ts auth database`: the account
 * backends alone), in the stack's start order; all of them without names.
 */
function chosenServices(all: ServiceSpec[], names: string[]): ServiceSpec[] {
  const unknown = names.filter((name) => !all.some((service) => service.name === name));
  if (unknown.length > 0) throw new Error(`unknown service ${unknown.join(', ')}; the stack has ${all.map((service) => service.name).join(', ')}`);
  return names.length === 0 ? all : all.filter((service) => names.includes(service.name));
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadStackConfig(process.env, repoRoot);
  const services = chosenServices(stackServices(config, repoRoot), process.argv.slice(2));
  const portOwners = STACK_PORTS.map(({ name, service, owner }) => [service, config.ports[name], owner] as const);
  const hint = 'stop the process using it, or choose another port through the environment: see README';
  for (const [name, port, owner] of portOwners) if (services.some((service) => service.name === name)) await assertPortFree('127.0.0.1', port, owner, hint);
  mkdirSync(config.dataDir, { recursive: true });

  // The front ends are served by the gateway alone.
  if (!config.skipBuild && services.some((service) => service.name === 'gateway')) await buildFrontEnds();

  const supervisor = new Supervisor({ policy: { ...defaultRestartPolicy, initialDelayMs: config.restartDelayMs } });
  let shuttingDown = false;
  // One stop for every way of asking: Ctrl-C (which the services get too), SIGTERM, a failed start.
  // It waits until every service has saved what it holds and exited.
  const shutdown = async (code: number, signalled: boolean) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log('[stack] stopping…');
    await supervisor.stopAll({ signalled });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0, true));
  process.on('SIGTERM', () => void shutdown(0, true));

  try {
    for (const service of services) {
      await supervisor.start(service);
      console.log(`[stack] ${service.name} is ready (pid ${supervisor.pid(service.name)})`);
    }
  } catch (error) {
    console.error(`[stack] ${(error as Error).message}`);
    await shutdown(1, false);
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const what = services.some((service) => service.name === 'gateway')
    ? `Storefront ready in ${seconds} s at http://localhost:${config.ports.gateway}`
    : `${services.map((service) => service.name).join(', ')} ready in ${seconds} s`;
  console.log(`\n[stack] ${what}  (a service that stops is restarted; Ctrl-C stops everything)\n`);
  if (services.some((service) => service.name === 'mail')) {
    console.log(`[stack] inbox (the shop's mail to shoppers, caught locally): http://127.0.0.1:${config.ports.mailWeb}\n`);
  }
  const scraped = (['gateway', 'catalog', 'checkout'] as const).filter((name) => services.some((service) => service.name === name));
  if (scraped.length > 0)
    console.log(
      `[stack] metrics (Prometheus, loopback only): ${scraped.map((name) => `${name} http://127.0.0.1:${config.metricsPorts[name]}/metrics`).join(', ')}\n`,
    );
}

main().catch((error: unknown) => {
  console.error(`[stack] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
