// The service's start-up migrates: two catalogue processes started together on one empty PostgreSQL
// schema apply each migration once and both serve the catalogue; a database that a newer release
// migrated makes the service refuse to start, in one line.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { runNode, startNodeService, type ManagedProcess } from '../../../../tools/kit/processes.ts';
import { BACKENDS, testStorage, type Backend } from '../../testing/harness.ts';
import { postgresMigrations } from './index.ts';

jest.setTimeout(90_000);

const main = join(__dirname, '..', '..', 'main.ts');

async function query<T extends pg.QueryResultRow>(env: Record<string, string>, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

(BACKENDS.includes('postgres') ? describe : describe.skip)('two catalogue instances started together on one empty PostgreSQL schema', () => {
  const storage = testStorage('postgres');
  const services: ManagedProcess[] = [];
  afterAll(async () => {
    await Promise.all(services.map((service) => service.stop()));
    await storage.cleanup();
  });

  it('apply each migration once, and both serve the catalogue', async () => {
    const env = { ...storage.env, PORT: '0', SEED_PRODUCTS: '24' };
    const started = await Promise.all([0, 1].map(() => startNodeService(main, { env, timeoutMs: 60_000 })));
    services.push(...started);
    const schema = storage.env.DATABASE_SCHEMA!;
    const applied = await query<{ store: string; name: string }>(storage.env, `SELECT store, name FROM ${schema}.schema_migrations ORDER BY name`);
    expect(applied).toEqual(postgresMigrations.map((migration) => ({ store: 'catalog', name: migration.name })));
    for (const service of started) {
      const listing = (await (await fetch(`${service.url}/products?limit=3&select=title`)).json()) as { total: number; products: unknown[] };
      expect(listing.total).toBe(24);
      expect(listing.products).toHaveLength(3);
      expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    }
  });
});

describe.each(BACKENDS)('a %s database migrated by a newer release', (backend: Backend) => {
  const storage = testStorage(backend);
  afterAll(() => storage.cleanup());

  it('makes the service refuse to start with one line, and exit 1', async () => {
    const env = { ...storage.env, PORT: '0', SEED_PRODUCTS: '3' };
    const current = await startNodeService(main, { env, timeoutMs: 60_000 });
    await current.stop();
    const later = "INSERT INTO schema_migrations (store, name, applied_at) VALUES ('catalog', '9999-from-a-later-release', '2027-01-01T00:00:00Z')";
    if (backend === 'sqlite') {
      const db = new DatabaseSync(storage.env.SQLITE_PATH!);
      db.exec(later);
      db.close();
    } else {
      await query(storage.env, later.replace('schema_migrations', `${storage.env.DATABASE_SCHEMA}.schema_migrations`));
    }
    const refused = runNode(main, { env });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toBe(
      'the catalog database has migration 9999-from-a-later-release, which this release does not know (it knows up to 0002-import-jobs): a newer release migrated it; run that release, or restore the backup taken before the upgrade\n',
    );
    expect(refused.stdout()).toBe('');
  });
});
