import { spawn } from 'node:child_process';
import net from 'node:net';
import { assertPortFree, exited, freePort, isAlive, isPortOpen, OutputTail, pollUntil, stopChild } from './processes.ts';

jest.setTimeout(30_000);

/** A Node child running `code`, its output piped; resolves once it printed its first line. */
async function child(code: string, options: { detached?: boolean; module?: boolean } = {}) {
  const args = options.module ? ['--input-type=module', '-e', code] : ['-e', code];
  const started = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: options.detached ?? false });
  const firstLine = await new Promise<string>((resolve) => started.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { child: started, firstLine };
}

test('a free port is free; once something listens there it is open and asserting it free names it', async () => {
  const port = await freePort();
  expect(await isPortOpen('127.0.0.1', port)).toBe(false);
  await expect(assertPortFree('127.0.0.1', port, 'the shop')).resolves.toBeUndefined();
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    expect(await isPortOpen('127.0.0.1', port)).toBe(true);
    await expect(assertPortFree('127.0.0.1', port, 'the shop', 'stop the other one')).rejects.toThrow(
      `the shop: port 127.0.0.1:${port} is already in use (stop the other one)`,
    );
    await expect(assertPortFree('127.0.0.1', 0, 'any port')).resolves.toBeUndefined();
  } finally {
    server.close();
  }
});

test('polling resolves once the check holds, fails with what it waited for, and stops at once when told why', async () => {
  let calls = 0;
  await pollUntil(() => ++calls === 3, { timeoutMs: 5000, intervalMs: 5, what: 'the third call' });
  expect(calls).toBe(3);
  await expect(pollUntil(async () => false, { timeoutMs: 50, intervalMs: 5, what: 'the database listening' })).rejects.toThrow(
    'the database listening: not so after 50 ms',
  );
  const began = Date.now();
  const abort = new Promise<string>((resolve) => setTimeout(() => resolve('the database exited (code 1)'), 50));
  await expect(pollUntil(async () => false, { timeoutMs: 10_000, intervalMs: 5, abort, what: 'the database' })).rejects.toThrow('the database exited (code 1)');
  expect(Date.now() - began).toBeLessThan(5000);
});

test('the output tail keeps the last non-empty lines, split across chunks, and hands each line on', () => {
  const seen: string[] = [];
  const tail = new OutputTail(2, (line) => seen.push(line));
  tail.push('one\r\ntw');
  tail.push('o\n\nthree\nfour');
  expect(seen).toEqual(['one', 'two', 'three']);
  expect(tail.text()).toBe('two\nthree\nfour');
});

test('a child that stops on SIGTERM stops cleanly; one that ignores it is killed after the grace period', async () => {
  const polite = await child('process.on("SIGTERM", () => process.exit(0)); console.log("up"); setInterval(() => {}, 1000)');
  await stopChild(polite.child);
  expect(polite.child.exitCode).toBe(0);
  await stopChild(polite.child); // already stopped: nothing to do

  const stubborn = await child('process.on("SIGTERM", () => {}); console.log("up"); setInterval(() => {}, 1000)');
  const began = Date.now();
  await stopChild(stubborn.child, { graceMs: 300 });
  expect(Date.now() - began).toBeGreaterThanOrEqual(250);
  expect(stubborn.child.signalCode).toBe('SIGKILL');
  await expect(exited(stubborn.child)).resolves.toBeUndefined();
});

test('stopping a group leader stops what it started too', async () => {
  const leader = await child(
    `const c = require('node:child_process').spawn(process.execPath, ['-e', 'process.on("SIGINT", () => {}); setInterval(() => {}, 1000)'], { stdio: 'ignore' });
     console.log(String(c.pid)); process.on('SIGINT', () => process.exit(0)); setInterval(() => {}, 1000)`,
    { detached: true },
  );
  const grandchild = Number(leader.firstLine);
  expect(isAlive(grandchild)).toBe(true);
  // The grandchild ignores the polite signal; it is killed with the group once its leader has gone.
  await stopChild(leader.child, { signal: 'SIGINT', group: true });
  await pollUntil(() => !isAlive(grandchild), { timeoutMs: 5000, what: 'the grandchild gone' });
});

test('a child still running when its parent exits is killed, and the clean-up runs', async () => {
  // A parent that starts a child under killOnExit, then leaves by process.exit() without stopping it.
  const parent = await child(
    `import { spawn } from 'node:child_process';
     const { killOnExit } = await import(${JSON.stringify(require.resolve('./processes.ts'))});
     const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
     killOnExit(c, false, () => console.log('cleaned ' + c.pid));
     process.exit(0);`,
    { module: true },
  );
  const [, pid] = /^cleaned (\d+)$/.exec(parent.firstLine) ?? [];
  expect(pid).toBeDefined();
  await pollUntil(() => !isAlive(Number(pid)), { timeoutMs: 5000, what: 'the child gone' });
});
