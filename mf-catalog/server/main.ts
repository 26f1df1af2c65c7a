// Entry point: `node mf-catalog/server/main.ts` (Node 24 runs the TypeScript directly).
import { join } from 'node:path';
import { createCatalogServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

const packageDir = join(import.meta.dirname, '..');

async function main(): Promise<void> {
  const config = loadConfig(process.env, { sqlitePath: join(packageDir, '.data', 'catalog.db') });
  const server = await createCatalogServer(config);
  const url = await server.listen();
  console.log(`catalog service listening on ${url} (${server.store.description})`);
  if (config.internalToken === null) console.log('catalog service: INTERNAL_TOKEN is not set, so the stock API refuses every call');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`catalog service: error while stopping on ${signal}:`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `catalog service failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
