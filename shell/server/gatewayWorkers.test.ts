import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, pollUntil } from '../../tools/kit/processes.ts';
import { fakeFrontEndEnv } from '../bench/fakeFrontEnds.ts';

jest.setTimeout(60_000);

// With GATEWAY_WORKERS > 1, a Ctrl-C in the terminal reaches the primary and every worker at once.
// The primary must not signal the workers again: close-with-grace ends a stop at a second signal
// (exit 1, "second SIGINT, exiting"), cutting off whatever the worker was still doing; here the
// readiness delay every stop begins with. The workers hear first here, as a terminal's signal often
// lands; SIGTERM stands in for its SIGINT (the stop is the same for either).
test('a Ctrl-C to a gateway of two workers stops each worker once', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-workers-'));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    CATALOG_URL: 'http://127.0.0.1:9',
    CHECKOUT_URL: 'http://127.0.0.1:9',
    GATEWAY_WORKERS: '2',
    SHUTDOWN_DELAY_MS: '1000',
    ...fakeFrontEndEnv(root),
  };
  const gateway = spawn(process.execPath, [path.join(__dirname, 'main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  gateway.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  gateway.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await pollUntil(async () => output.includes('(2 workers)'), { timeoutMs: 30_000, what: 'the gateway and its two workers' });
    const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(gateway.pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(workers).toHaveLength(2);
    const closed = once(gateway, 'close');
    for (const pid of workers) process.kill(pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.kill(gateway.pid!, 'SIGTERM');
    const [code] = await closed;
    expect(output).not.toMatch(/second SIG/);
    expect(code).toBe(0);
  } finally {
    gateway.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }
});
