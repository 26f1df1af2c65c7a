import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive } from 'service-kit/processes';
import { freePort, pollUntil, runNode, runProcess, startNodeService } from './processes.ts';

jest.setTimeout(30_000);

const server = (extra = '') => `
  const server = require('node:http').createServer((q, s) => s.end('hi'));
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
  process.on('SIGTERM', () => { console.log('stopping cleanly'); server.close(() => process.exit(0)); });
  ${extra}
`;

test('a service started from its entry point answers at the address it printed, and stops on SIGTERM', async () => {
  const service = await startNodeService('-e', { args: [server()], env: { PORT: '0' } });
  expect(await (await fetch(service.url)).text()).toBe('hi');
  await service.stop();
  expect(service.alive()).toBe(false);
  expect(service.stdout()).toContain('stopping cleanly');
  expect(await service.exited).toBe(0);
});

test('waiting for a line fails at once, with its last lines, when the process exits first', async () => {
  const failing = runNode('-e', { args: ['console.error("Invalid PORT: abc"); process.exit(2)'], name: 'broken' });
  await expect(failing.waitFor(/listening/)).rejects.toThrow(/broken exited before printing \/listening\/; its output ends:\nInvalid PORT: abc/);
  expect(await failing.exited).toBe(2);
});

test('readiness by URL waits for the answer and gives up when the process dies', async () => {
  const port = await freePort();
  const late = runNode('-e', { args: [`setTimeout(() => { ${server()} }, 300)`], env: { PORT: String(port) } });
  await late.ready(`http://127.0.0.1:${port}/`, { timeoutMs: 10_000 });
  await late.stop();
  const dying = runNode('-e', { args: ['console.log("no database"); setTimeout(() => process.exit(1), 200)'], name: 'dying' });
  await expect(dying.ready(`http://127.0.0.1:${port}/`)).rejects.toThrow(/dying exited before it was ready; its output ends:\nno database/);
});

test('a process that ignores SIGTERM is killed after the grace period', async () => {
  const stubborn = runNode('-e', { args: ['process.on("SIGTERM", () => console.log("not now")); console.log("up"); setInterval(() => {}, 1000)'] });
  await stubborn.waitFor(/up/);
  const began = Date.now();
  await stubborn.stop(500);
  expect(Date.now() - began).toBeGreaterThanOrEqual(400);
  expect(stubborn.output()).toContain('not now');
  expect(stubborn.alive()).toBe(false);
});

test('a group leader is stopped with everything it started; lines reach onLine and the log file', async () => {
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'kit-')), 'run.log');
  const lines: string[] = [];
  const leader = runProcess(
    process.execPath,
    [
      '-e',
      `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000)`,
    ],
    { group: true, logFile, onLine: (line) => lines.push(line) },
  );
  const grandchild = Number((await leader.waitFor(/grandchild (\d+)/))[1]);
  expect(isAlive(grandchild)).toBe(true);
  await leader.stop();
  await pollUntil(() => !isAlive(grandchild), { timeoutMs: 5000, what: 'the grandchild stopped' });
  expect(lines).toEqual([`grandchild ${grandchild}`]);
  expect(readFileSync(logFile, 'utf8')).toBe(`grandchild ${grandchild}\n`);
});

test('a Node child exits when its parent is killed with SIGKILL', async () => {
  const kit = path.join(__dirname, 'processes.ts');
  // A parent that starts a child through the kit, prints its pid, then dies without any clean-up.
  const parent = runNode('--input-type=module', {
    args: [
      '-e',
      `const { runNode } = await import(${JSON.stringify(kit)}); const c = runNode('-e', { args: ['setInterval(() => {}, 1000)'] }); console.log('child ' + c.pid); setInterval(() => {}, 1000)`,
    ],
    exitWithParent: false,
  });
  const child = Number((await parent.waitFor(/child (\d+)/))[1]);
  expect(isAlive(child)).toBe(true);
  parent.signal('SIGKILL');
  await parent.exited;
  await pollUntil(() => !isAlive(child), { timeoutMs: 10_000, what: 'the orphaned child exited' });
});

test('cluster workers of a Node child keep their channel to the primary (the exit-with-parent preload leaves it alone)', async () => {
  // A worker that only waits lives as long as its channel to the primary holds the event loop; with
  // that channel let go it exits at once with code 13 (an unsettled top-level await).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kit-cluster-'));
  const script = path.join(dir, 'cluster.mjs');
  writeFileSync(
    script,
    `import cluster from 'node:cluster';
    if (cluster.isPrimary) {
      const worker = cluster.fork();
      worker.on('exit', (code) => { console.log('worker exited ' + code); process.exit(0); });
      setTimeout(() => { console.log('worker alive'); worker.kill(); process.exit(0); }, 1500);
    } else {
      await new Promise(() => {});
    }`,
  );
  const primary = runNode(script, { exitWithParent: true });
  await primary.exited;
  expect(primary.output().trim()).toBe('worker alive');
});

test('the output kept in memory is bounded', async () => {
  const chatty = runNode('-e', { args: ['for (let i = 0; i < 2000; i++) console.log("line " + i)'], keepChars: 1000 });
  await chatty.exited;
  expect(chatty.output().length).toBeLessThanOrEqual(1500);
  expect(chatty.tail(1)).toBe('line 1999');
});

test('a command that does not exist is reported, not thrown', async () => {
  const missing = runProcess('/no/such/command', [], { name: 'ghost' });
  expect(await missing.exited).toBeNull();
  expect(missing.output()).toMatch(/\[ghost\] could not start: spawn \/no\/such\/command ENOENT/);
});
