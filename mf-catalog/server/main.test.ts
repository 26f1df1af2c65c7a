import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode, type ManagedProcess } from '../../tools/kit/processes.ts';

const entry = join(__dirname, 'main.ts');

const run = (env: Record<string, string>) => runNode(entry, { env });

async function listening(service: ManagedProcess): Promise<string> {
  return (await service.waitFor(/listening on (http:\S+)/, 15_000))[1]!;
}

describe('main.ts', () => {
  it('exits 1 with one clear line on a bad setting', async () => {
    const process = run({ PORT: 'abc' });
    expect(await process.exited).toBe(1);
    expect(process.stderr()).toBe("Invalid catalogue configuration: PORT must be an integer from 0 to 65535 (got 'abc')\n");
  });

  it('answers probes: alive, ready once it holds a catalogue, not ready while empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-probes-'));
    const seeded = run({ PORT: '0', SQLITE_PATH: join(dir, 'seeded.db'), SEED_PRODUCTS: '12' });
    const empty = run({ PORT: '0', SQLITE_PATH: join(dir, 'empty.db'), SEED_PRODUCTS: '0' });
    try {
      const [seededUrl, emptyUrl] = await Promise.all([listening(seeded), listening(empty)]);
      expect(await (await fetch(`${seededUrl}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${seededUrl}/readyz`)).json()).toEqual({ status: 'ready' });
      const notReady = await fetch(`${emptyUrl}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ status: 'unavailable', reason: 'the catalogue is empty' });
      expect((await fetch(`${emptyUrl}/healthz`)).status).toBe(200);
    } finally {
      seeded.child.kill('SIGKILL');
      empty.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on SIGTERM turns not-ready first, keeps serving through the drain delay, then exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-drain-'));
    const process = run({ PORT: '0', SQLITE_PATH: join(dir, 'catalog.db'), SEED_PRODUCTS: '12', SHUTDOWN_DELAY_MS: '1500' });
    try {
      const url = await listening(process);
      process.child.kill('SIGTERM');
      // The signal reaches the child asynchronously: a request sent right after kill() can be
      // answered before the handler runs, so wait (well inside the 1.5 s drain) for the flip.
      let ready = await fetch(`${url}/readyz`);
      for (let tries = 0; ready.status === 200 && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        ready = await fetch(`${url}/readyz`);
      }
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'the service is stopping' });
      expect((await fetch(`${url}/products/1`)).status).toBe(200);
      expect(await process.exited).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      process.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts, logs its address once, serves, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-main-'));
    const process = run({ PORT: '0', SQLITE_PATH: join(dir, 'catalog.db'), SEED_PRODUCTS: '12', INTERNAL_TOKEN: 'main-test-token' });
    try {
      const started = Date.now();
      const announced = () => process.stdout().includes('catalog service listening on');
      while (!announced() && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
      // Every line is a JSON line of the services' shape (service-kit); one of them names the address, once.
      const lines = process
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { service: string; level: string; msg: string });
      const announcements = lines.filter((line) => line.msg.startsWith('catalog service listening on'));
      expect(announcements).toHaveLength(1);
      expect(announcements[0]).toMatchObject({ service: 'catalog', level: 'info' });
      const match = /^catalog service listening on (http:\/\/127\.0\.0\.1:\d+) \(sqlite .*catalog\.db\)$/.exec(announcements[0]!.msg);
      expect(match).not.toBeNull();
      const body = await (await fetch(`${match![1]}/products?limit=1`)).json();
      expect(body.total).toBe(12);
      process.child.kill('SIGTERM');
      expect(await process.exited).toBe(0);
      expect(process.stderr()).toBe('');
    } finally {
      process.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
