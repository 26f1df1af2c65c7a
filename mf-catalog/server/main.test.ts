import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const entry = join(__dirname, 'main.ts');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('main.ts', () => {
  it('exits 1 with one clear line on a bad setting', async () => {
    const process = run({ PORT: 'abc' });
    expect(await process.exited).toBe(1);
    expect(process.err()).toBe("Invalid catalogue configuration: PORT must be an integer from 0 to 65535 (got 'abc')\n");
  });

  it('starts, logs its address once, serves, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-main-'));
    const process = run({ PORT: '0', SQLITE_PATH: join(dir, 'catalog.db'), SEED_PRODUCTS: '12', INTERNAL_TOKEN: 'main-test-token' });
    try {
      const started = Date.now();
      while (!process.out().includes('\n') && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
      const match = /^catalog service listening on (http:\/\/127\.0\.0\.1:\d+) \(sqlite .*catalog\.db\)\n$/.exec(process.out());
      expect(match).not.toBeNull();
      const body = await (await fetch(`${match![1]}/products?limit=1`)).json();
      expect(body.total).toBe(12);
      process.child.kill('SIGTERM');
      expect(await process.exited).toBe(0);
      expect(process.err()).toBe('');
    } finally {
      process.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
