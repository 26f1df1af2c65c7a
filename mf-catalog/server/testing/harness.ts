// Starts real catalogue servers for tests: SQLite in a temp directory, PostgreSQL in a schema of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pollUntil } from '../../../tools/kit/processes.ts';
import { createCatalogServer, type CatalogServer, type CatalogServerOptions } from '../app.ts';
import { loadConfig, type CatalogConfig } from '../config.ts';

export type Backend = 'sqlite' | 'postgres';

export const TEST_TOKEN = 'test-internal-token';

// CI has PostgreSQL; a developer without it opts out explicitly with TEST_DATABASE_URL=off.
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const BACKENDS: Backend[] = postgresUrl === 'off' ? ['sqlite'] : ['sqlite', 'postgres'];

export interface TestServer {
  url: string;
  server: CatalogServer;
  config: CatalogConfig;
  get(path: string): Promise<{ status: number; headers: Headers; body: any }>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** A temporary place for one test server's data, with its cleanup. */
export function testStorage(backend: Backend): { env: Record<string, string>; cleanup(): Promise<void> } {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
    return { env: { SQLITE_PATH: join(dir, 'catalog.db') }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `catalog_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  return {
    env: { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema },
    async cleanup() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

export function testConfig(env: Record<string, string>): CatalogConfig {
  return loadConfig({ PORT: '0', INTERNAL_TOKEN: TEST_TOKEN, ...env }, { sqlitePath: ':memory:' });
}

/**
 * A catalogue server on real HTTP with storage of its own, or on `shared` storage (several instances
 * on one database), which closing this server then leaves for its owner to clean up. It resolves
 * once the word search's index is built, as most tests search at once; `waitForSearch: false`
 * resolves as soon as it listens, for a test that watches the build.
 */
export async function startTestServer(
  backend: Backend,
  env: Record<string, string> = {},
  shared?: ReturnType<typeof testStorage>,
  { waitForSearch = true, ...options }: CatalogServerOptions & { waitForSearch?: boolean } = {},
): Promise<TestServer> {
  const storage = shared ? { env: shared.env, cleanup: async () => {} } : testStorage(backend);
  const config = testConfig({ ...storage.env, ...env });
  let server: CatalogServer;
  try {
    server = await createCatalogServer(config, options);
  } catch (error) {
    await storage.cleanup();
    throw error;
  }
  const url = await server.listen();
  if (waitForSearch) await server.search.whenBuilt();
  return {
    url,
    server,
    config,
    async get(path) {
      const response = await fetch(url + path);
      const type = response.headers.get('content-type') ?? '';
      return { status: response.status, headers: response.headers, body: type.includes('json') ? await response.json() : await response.text() };
    },
    async post(path, body, headers = { 'x-internal-token': TEST_TOKEN }) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    async close() {
      await server.close();
      await storage.cleanup();
    },
  };
}

/** Resolves once check() holds; fails after `timeoutMs` (a change notice between processes takes milliseconds). */
export function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  return pollUntil(check, { timeoutMs, intervalMs: 10, what });
}
