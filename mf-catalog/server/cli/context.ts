import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, type CatalogConfig } from '../config.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

/**
 * The service's configuration, so the CLIs write to the database the running shop reads: DATABASE_URL
 * when set, otherwise SQLITE_PATH, otherwise the file `npm start` gives the catalogue, catalog.db in
 * DATA_DIR (`.data` at the repository's root unless set, relative paths from there).
 */
export function cliConfig(): CatalogConfig {
  try {
    return loadConfig(process.env, { sqlitePath: resolve(repoRoot, process.env.DATA_DIR || '.data', 'catalog.db') });
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
