import path from 'node:path';
import { createCheckoutServer } from './app.ts';
import { ConfigError, loadConfig, type CheckoutConfig } from './config.ts';

let config: CheckoutConfig;
try {
  config = loadConfig(process.env, { sqlitePath: path.join(import.meta.dirname, '..', '.data', 'orders.db') });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const server = await createCheckoutServer(config, { logger: { level: process.env.LOG_LEVEL ?? 'info' } }).catch(
  (error: Error) => {
    console.error(`Checkout service could not start: ${error.message}`);
    process.exit(1);
  },
);

try {
  const address = await server.listen();
  server.app.log.info(
    `checkout service listening on ${address} (storage: ${config.databaseUrl ? 'PostgreSQL' : config.sqlitePath}, ` +
      `payments: ${config.stripe.secretKey ? 'Stripe' : `stripe-stateful-mock at ${config.stripe.mockUrl}`})`,
  );
} catch (error) {
  console.error(`Checkout service could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  await server.close().catch(() => undefined);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info(`${signal} received, closing`);
    server.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`Checkout service did not close cleanly: ${error.message}`);
        process.exit(1);
      },
    );
  });
}
