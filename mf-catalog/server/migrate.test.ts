// The migrate command, as those who migrate before deploying run it: against the configured database,
// one line per store, --status without changing anything, refusing a database a newer release migrated.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { runNode } from '../../tools/kit/processes.ts';
import { BACKENDS, testStorage } from './testing/harness.ts';

jest.setTimeout(60_000);

const migrate = async (env: Record<string, string>, ...args: string[]) => {
  const run = runNode(join(__dirname, 'migrate.ts'), { args, env });
  return { code: await run.exited, stdout: run.stdout(), stderr: run.stderr() };
};

describe.each(BACKENDS)('migrate on %s', (backend) => {
  const storage = testStorage(backend);
  afterAll(() => storage.cleanup());

  const tables = async (): Promise<string[]> => {
    if (backend === 'sqlite') {
      if (!existsSync(storage.env.SQLITE_PATH!)) return [];
      const db = new DatabaseSync(storage.env.SQLITE_PATH!, { readOnly: true });
      try {
        return (
          db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('products', 'schema_migrations') ORDER BY name").all() as {
            name: string;
          }[]
        ).map((row) => row.name);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: storage.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_name IN ('products', 'schema_migrations') ORDER BY table_name",
        [storage.env.DATABASE_SCHEMA],
      );
      return rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  };

  it('shows what is pending without changing anything, applies it once, then says it is up to date', async () => {
    expect(await migrate(storage.env, '--status')).toEqual({ code: 0, stdout: 'catalog: applied none; pending 0001-initial, 0002-import-jobs\n', stderr: '' });
    expect(await tables()).toEqual([]);
    expect(await migrate(storage.env)).toEqual({ code: 0, stdout: 'catalog: applied 0001-initial, 0002-import-jobs\n', stderr: '' });
    expect(await tables()).toEqual(['products', 'schema_migrations']);
    expect(await migrate(storage.env)).toEqual({ code: 0, stdout: 'catalog: up to date (0002-import-jobs)\n', stderr: '' });
    expect(await migrate(storage.env, '--status')).toEqual({ code: 0, stdout: 'catalog: applied 0001-initial, 0002-import-jobs; pending none\n', stderr: '' });
  });

  it('refuses a database a newer release migrated, in one line', async () => {
    const later = "INSERT INTO schema_migrations (store, name, applied_at) VALUES ('catalog', '0002-from-later', '2027-01-01T00:00:00Z')";
    if (backend === 'sqlite') {
      const db = new DatabaseSync(storage.env.SQLITE_PATH!);
      db.exec(later);
      db.close();
    } else {
      const client = new pg.Client({ connectionString: storage.env.DATABASE_URL });
      await client.connect();
      await client.query(later.replace('schema_migrations', `${storage.env.DATABASE_SCHEMA}.schema_migrations`));
      await client.end();
    }
    const status = await migrate(storage.env, '--status');
    expect(status).toMatchObject({
      code: 1,
      stdout: 'catalog: applied 0001-initial, 0002-import-jobs; pending none; unknown to this release 0002-from-later (a newer release migrated it)\n',
    });
    const run = await migrate(storage.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^the catalog database has migration 0002-from-later, which this release does not know [^\n]*\n$/);
  });
});
