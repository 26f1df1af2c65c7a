import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../kit/processes.ts';
import { defaultRestartPolicy, restartDelay, Supervisor, type ServiceSpec } from './processes.ts';

jest.setTimeout(30_000);

/** A small HTTP service; with `crashAfterMs` it exits with code 3 that long after it started answering. */
async function service(name: string, crashAfterMs?: number): Promise<ServiceSpec & { url: string }> {
  const port = await freePort();
  const script = `
    const server = require('node:http').createServer((q, s) => s.end('${name}'));
    server.listen(${port}, '127.0.0.1', () => console.log('${name} listening'));
    ${crashAfterMs === undefined ? '' : `setTimeout(() => { console.error('${name}: out of memory (simulated)'); process.exit(3); }, ${crashAfterMs});`}
    process.on('SIGTERM', () => server.close(() => process.exit(0)));
  `;
  const url = `http://127.0.0.1:${port}/`;
  return { name, command: process.execPath, args: ['-e', script], cwd: process.cwd(), readyUrl: url, url };
}

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.text(),
    () => null,
  );

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('restart delays start at 0.5 s and double up to 10 s', () => {
  expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelay(defaultRestartPolicy, n))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
});

test('a killed service comes back on its own while the others keep answering; its crash is reported with its last lines', async () => {
  const warnings: string[] = [];
  const supervisor = new Supervisor({ log: () => {}, warn: (line) => warnings.push(line) });
  const [catalog, checkout] = [await service('catalog'), await service('checkout')];
  try {
    await supervisor.start(catalog);
    await supervisor.start(checkout);
    const first = supervisor.pid('catalog');
    process.kill(first as number, 'SIGKILL');
    expect(
      await eventually(
        () => answers(checkout.url),
        () => true,
      ),
    ).toBe('checkout');
    expect(
      await eventually(
        () => answers(catalog.url),
        (body) => body === 'catalog',
      ),
    ).toBe('catalog');
    expect(supervisor.pid('catalog')).not.toBe(first);
    expect(warnings.join('\n')).toMatch(
      /catalog stopped unexpectedly \(killed by SIGKILL\); the rest of the shop keeps running\. Its last lines:\n {4}catalog listening/,
    );
  } finally {
    await supervisor.stopAll();
  }
  expect(await answers(catalog.url)).toBeNull();
  expect(await answers(checkout.url)).toBeNull();
});

test('a service that keeps crashing is reported loudly as crash-looping, retried, and never takes the rest down', async () => {
  const warnings: string[] = [];
  const supervisor = new Supervisor({
    policy: { initialDelayMs: 10, maxDelayMs: 40, healthyAfterMs: 60_000, crashLoopExits: 3, crashLoopWindowMs: 60_000 },
    log: () => {},
    warn: (line) => warnings.push(line),
  });
  const [flaky, steady] = [await service('payments', 600), await service('gateway')];
  try {
    await supervisor.start(steady);
    await supervisor.start(flaky);
    await eventually(
      async () => warnings.join('\n'),
      (text) => text.includes('crash-looping'),
    );
    expect(warnings.join('\n')).toMatch(/!!! payments is crash-looping: 3 exits in 60 s\. Still retrying/);
    expect(warnings.join('\n')).toContain('payments: out of memory (simulated)');
    expect(await answers(steady.url)).toBe('gateway');
  } finally {
    await supervisor.stopAll();
  }
});

test('a service that cannot start at all fails the start with its output', async () => {
  const supervisor = new Supervisor({ log: () => {}, warn: () => {} });
  const broken: ServiceSpec = {
    name: 'broken',
    command: process.execPath,
    args: ['-e', "console.error('DATABASE_URL must be a postgres:// URL'); process.exit(1)"],
    cwd: process.cwd(),
    readyUrl: `http://127.0.0.1:${await freePort()}/`,
  };
  await expect(supervisor.start(broken)).rejects.toThrow(/broken exited before it was ready; its output ends:\nDATABASE_URL must be a postgres:\/\/ URL/);
  await supervisor.stopAll();
});

/** A service that writes each stop signal it gets to `file` and takes `flushMs` to save before it exits. */
async function signalCountingService(name: string, file: string, flushMs: number): Promise<ServiceSpec> {
  const port = await freePort();
  const script = `
    const { appendFileSync } = require('node:fs');
    const server = require('node:http').createServer((q, s) => s.end('${name}'));
    server.listen(${port}, '127.0.0.1');
    let stopping = false;
    const stop = (signal) => {
      appendFileSync(${JSON.stringify(file)}, signal + '\\n');
      if (stopping) return;
      stopping = true;
      server.close();
      setTimeout(() => process.exit(0), ${flushMs});
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  `;
  return { name, command: process.execPath, args: ['-e', script], cwd: process.cwd(), readyUrl: `http://127.0.0.1:${port}/` };
}

test('a stop signal the services got with the supervisor (Ctrl-C) is not sent again; one sent to the supervisor alone reaches each service once', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stack-signals-'));
  const supervisor = new Supervisor({ log: () => {}, warn: () => {} });
  const [withGroup, alone] = [path.join(dir, 'database'), path.join(dir, 'auth')];
  try {
    await supervisor.start(await signalCountingService('database', withGroup, 800));
    await supervisor.start(await signalCountingService('auth', alone, 800));
    // Ctrl-C reached the database as it reached the supervisor; the auth service got nothing.
    process.kill(supervisor.pid('database') as number, 'SIGINT');
    const began = Date.now();
    await supervisor.stopAll({ signalled: true });
    // Both had their whole time to save: nobody was killed or signalled again mid-way.
    expect(Date.now() - began).toBeGreaterThanOrEqual(800);
    expect(readFileSync(withGroup, 'utf8')).toBe('SIGINT\n');
    expect(readFileSync(alone, 'utf8')).toBe('SIGTERM\n');
  } finally {
    await supervisor.stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
});
