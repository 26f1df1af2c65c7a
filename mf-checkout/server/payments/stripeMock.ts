import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface StripeMockOptions {
  /** 0 (default) picks a free port; the launcher reports the one actually bound. */
  port?: number;
  host?: string;
  /** How long to wait for the mock to answer before giving up. */
  startTimeoutMs?: number;
  /** Where to resolve the stripe-stateful-mock package from; the current directory by default. */
  resolveFrom?: string;
  /** Receives the mock's own output, line by line (it is kept quiet otherwise). */
  onLog?: (line: string) => void;
}

export interface StripeMock {
  /** Base URL for STRIPE_MOCK_URL, e.g. http://127.0.0.1:12111 */
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The package's own CLI listens on every interface and cannot report a random port, so the child
 * runs its Express app directly: loopback only, port printed once bound, and it exits when its
 * parent goes away (the IPC channel closes), so a crashed test or stack never leaves it behind.
 */
const childScript = `
const { createExpressApp } = require(process.env.STRIPE_MOCK_MODULE);
const server = createExpressApp().listen(Number(process.env.STRIPE_MOCK_PORT), process.env.STRIPE_MOCK_HOST, () => {
  process.stdout.write('stripe-mock-ready ' + server.address().port + '\\n');
});
server.on('error', (error) => { process.stderr.write(String(error.message) + '\\n'); process.exit(1); });
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', () => process.exit(0));
`;

export async function startStripeMock(options: StripeMockOptions = {}): Promise<StripeMock> {
  const host = options.host ?? '127.0.0.1';
  const requireFrom = createRequire(path.join(options.resolveFrom ?? process.cwd(), 'noop.js'));
  const modulePath = requireFrom.resolve('stripe-stateful-mock');

  const child = spawn(process.execPath, ['-e', childScript], {
    env: {
      ...process.env,
      STRIPE_MOCK_MODULE: modulePath,
      STRIPE_MOCK_PORT: String(options.port ?? 0),
      STRIPE_MOCK_HOST: host,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output: string[] = [];
  const port = await waitForReady(child, output, options);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  await waitUntilAnswering(url, options.startTimeoutMs ?? 10_000, output);
  // Keep the parent's event loop free to exit; stop() or the parent's exit ends the child.
  child.unref();
  child.channel?.unref();
  (child.stdout as unknown as { unref?: () => void })?.unref?.();
  (child.stderr as unknown as { unref?: () => void })?.unref?.();

  return {
    url,
    port,
    pid: child.pid ?? -1,
    stop: () => stopChild(child),
  };
}

function waitForReady(child: ChildProcess, output: string[], options: StripeMockOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`stripe-stateful-mock did not start within ${options.startTimeoutMs ?? 10_000} ms: ${output.join(' | ')}`));
    }, options.startTimeoutMs ?? 10_000);
    const onLine = (line: string) => {
      if (!line) return;
      const ready = /^stripe-mock-ready (\d+)$/.exec(line);
      if (ready) {
        clearTimeout(timeout);
        resolve(Number(ready[1]));
        return;
      }
      output.push(line);
      if (output.length > 20) output.shift();
      options.onLog?.(line);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timeout);
      reject(new Error(`stripe-stateful-mock exited with code ${code}: ${output.join(' | ') || 'no output'}`));
    });
    child.once('error', (error) => {
      clearTimeout(timeout);
      reject(new Error(`stripe-stateful-mock could not be started: ${error.message}`));
    });
  });
}

/** Any HTTP answer (the mock says 401 without a key) proves it is serving. */
async function waitUntilAnswering(url: string, timeoutMs: number, output: string[]): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`stripe-stateful-mock at ${url} does not answer: ${(error as Error).message} ${output.join(' | ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
