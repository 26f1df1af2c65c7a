import { join } from 'node:path';
import { ConfigError, loadConfig, type CatalogConfig } from '../config.ts';

/** The service's configuration, so the CLIs write to the same database the service reads. */
export function cliConfig(): CatalogConfig {
  try {
    return loadConfig(process.env, { sqlitePath: join(import.meta.dirname, '..', '..', '.data', 'catalog.db') });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
