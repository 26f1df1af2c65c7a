import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGatewayConfig } from './config.ts';
import { createGateway } from './gateway.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

try {
  const config = loadGatewayConfig(process.env, repoRoot);
  const app = await createGateway(config);
  await app.listen({ host: config.host, port: config.port });
  console.log(`[gateway] storefront at http://localhost:${config.port}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`[gateway] port already in use: ${message}. Stop the other process or set PORT.`);
  } else {
    console.error(`[gateway] ${message}`);
  }
  process.exit(1);
}
