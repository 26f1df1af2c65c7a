import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startNodeService, type ManagedProcess } from '../../tools/kit/processes';
import { startGateway, type ExtraGateway } from './gateway';

const repoRoot = path.resolve(__dirname, '..', '..');

export interface OwnCatalogue {
  shop: ExtraGateway;
  /** Where the import command writes to reach this catalogue (SQLITE_PATH, or DATABASE_URL and DATABASE_SCHEMA). */
  storage: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A catalogue of its own (SQLite file or PostgreSQL schema) behind a gateway of its own, beside the
 * suite's stack, for tests that change the catalogue (writes, imports) where the rest must not see it.
 */
export async function startOwnCatalogue(
  backend: 'sqlite' | 'postgres',
  port: number,
  env: { catalogue?: Record<string, string>; gateway?: Record<string, string> } = {},
): Promise<OwnCatalogue> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-own-catalogue-'));
  const schema = `e2e_catalogue_${port}_${process.pid}`;
  const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const storage: Record<string, string> =
    backend === 'sqlite' ? { SQLITE_PATH: path.join(dir, 'catalog.db') } : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const catalogue: ManagedProcess & { url: string } = await startNodeService(path.join(repoRoot, 'mf-catalog/server/main.ts'), {
    env: { HOST: '127.0.0.1', PORT: '0', INTERNAL_TOKEN: 'e2e-unused-internal-token', ...storage, ...env.catalogue },
    timeoutMs: 60_000,
  });
  const shop = await startGateway(port, { CATALOG_URL: catalogue.url, CONTACT_DB: ':memory:', ...env.gateway });
  return {
    shop,
    storage,
    async stop() {
      await shop.stop();
      await catalogue.stop();
      rmSync(dir, { recursive: true, force: true });
      if (backend === 'postgres') {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
}
