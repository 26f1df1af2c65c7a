import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createTestSchema } from './testing/postgres.ts';

/** Runs a server entry point as an operator would, with only the given environment. */
function run(entry: string, env: Record<string, string>, args: string[] = []) {
  const result = spawnSync(process.execPath, [path.join(__dirname, entry), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout.trim().split('\n').filter(Boolean), stderr: result.stderr.trim().split('\n').filter(Boolean) };
}

describe('npm run migrate -w mf-checkout', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'checkout-migrate-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('on the SQLite file under DATA_DIR: shows what is pending, applies it once, then says it is up to date', () => {
    const env = { DATA_DIR: dir };
    expect(run('migrate.ts', env, ['--status']).stdout).toEqual([
      'orders: applied none; pending 0001-initial, 0002-order-lifecycle, 0003-staff-orders, 0004-outbox, 0005-outbox-sent-index',
    ]);
    expect(run('migrate.ts', env).stdout).toEqual([
      'orders: applied 0001-initial, 0002-order-lifecycle, 0003-staff-orders, 0004-outbox, 0005-outbox-sent-index',
    ]);
    expect(run('migrate.ts', env).stdout).toEqual(['orders: up to date (0005-outbox-sent-index)']);
    expect(run('migrate.ts', env, ['--status']).stdout).toEqual([
      'orders: applied 0001-initial, 0002-order-lifecycle, 0003-staff-orders, 0004-outbox, 0005-outbox-sent-index; pending none',
    ]);
  });

  test('on PostgreSQL when DATABASE_URL is set', async () => {
    const schema = await createTestSchema();
    try {
      const env = { DATABASE_URL: `${schema.url}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`, DATA_DIR: dir };
      expect(run('migrate.ts', env).stdout).toEqual([
        'orders: applied 0001-initial, 0002-order-lifecycle, 0003-staff-orders, 0004-outbox, 0005-outbox-sent-index',
      ]);
      expect(run('migrate.ts', env, ['--status']).stdout).toEqual([
        'orders: applied 0001-initial, 0002-order-lifecycle, 0003-staff-orders, 0004-outbox, 0005-outbox-sent-index; pending none',
      ]);
    } finally {
      await schema.drop();
    }
  });

  test('a database a newer release migrated: the command and the service refuse it in one line and exit 1', () => {
    const file = path.join(dir, 'orders.db');
    expect(run('migrate.ts', { SQLITE_PATH: file }).status).toBe(0);
    const db = new DatabaseSync(file);
    db.prepare(`INSERT INTO schema_migrations (store, name, applied_at) VALUES ('orders', '0099-from-the-future', 'x')`).run();
    db.close();

    const refusal = /^the orders database has migration 0099-from-the-future, which this release does not know \(it knows up to 0005-outbox-sent-index\)/;
    const migrate = run('migrate.ts', { SQLITE_PATH: file });
    expect(migrate.status).toBe(1);
    expect(migrate.stderr).toEqual([expect.stringMatching(refusal)]);
    expect(run('migrate.ts', { SQLITE_PATH: file }, ['--status']).stdout).toEqual([
      'orders: applied 0001-initial, 0002-order-lifecycle, 0003-staff-orders, 0004-outbox, 0005-outbox-sent-index, 0099-from-the-future; pending none; unknown to this release 0099-from-the-future (a newer release migrated it)',
    ]);

    const service = run('main.ts', { SQLITE_PATH: file, PORT: '0', INTERNAL_TOKEN: 'test-internal-token-123' });
    expect(service.status).toBe(1);
    expect(service.stderr).toEqual([expect.stringMatching(refusal)]);
  });
});
