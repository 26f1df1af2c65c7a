import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestSchema } from '../storage/testSchema.ts';

function migrate(env: Record<string, string>, args: string[] = []) {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'migrate.ts'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout.trim().split('\n').filter(Boolean), stderr: result.stderr.trim() };
}

describe('npm run migrate -w shell', () => {
  test('without DATABASE_URL: the contact file under DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shell-migrate-'));
    try {
      expect(migrate({ DATA_DIR: dir }, ['--status']).stdout).toEqual(['contact: applied none; pending 0001-initial']);
      expect(migrate({ DATA_DIR: dir }).stdout).toEqual(['contact: applied 0001-initial']);
      expect(migrate({ DATA_DIR: dir }).stdout).toEqual(['contact: up to date (0001-initial)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('with DATABASE_URL: the contact messages and the release registry, one line each', async () => {
    const schema = await createTestSchema();
    try {
      const env = { DATABASE_URL: schema.databaseUrl };
      expect(migrate(env, ['--status']).stdout).toEqual(['contact: applied none; pending 0001-initial', 'registry: applied none; pending 0001-initial']);
      expect(migrate(env).stdout).toEqual(['contact: applied 0001-initial', 'registry: applied 0001-initial']);
      expect(migrate(env).stdout).toEqual(['contact: up to date (0001-initial)', 'registry: up to date (0001-initial)']);
    } finally {
      await schema.drop();
    }
  });

  test('a DATABASE_URL that is not PostgreSQL is refused in one line', () => {
    const result = migrate({ DATABASE_URL: 'mysql://shop@db/shop' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Invalid gateway configuration: DATABASE_URL must be a postgres:// or postgresql:// URL');
  });
});
