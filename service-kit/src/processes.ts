// Ports and child processes, for whatever starts another process and waits on it: the local
// Firebase's launchers (which also run in the local-firebase image, so this cannot live in tools/)
// and the development kit (tools/kit/processes.ts), which builds its managed processes on these.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port the OS reports free on `host` right now (another process may still take it before the caller does). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Throws a clear error when host:port is already taken, before anything is spawned onto it (port 0,
 * "any free port", is never taken). `hint` says what the reader can do about it.
 */
export async function assertPortFree(host: string, port: number, what: string, hint = 'another process is using it'): Promise<void> {
  if (port === 0) return;
  if (await isPortOpen(host, port)) throw new Error(`${what}: port ${host}:${port} is already in use (${hint})`);
}

/**
 * Polls `check` until it returns true. Rejects after `timeoutMs` with `what` in the message, or as soon
 * as `abort` (e.g. "the child exited") resolves, with the message it resolves to.
 */
export async function pollUntil(
  check: () => Promise<boolean> | boolean,
  { timeoutMs, intervalMs = 100, abort, what }: { timeoutMs: number; intervalMs?: number; abort?: Promise<string>; what: string },
): Promise<void> {
  let aborted: string | null = null;
  void abort?.then((why) => {
    aborted = why;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (aborted !== null) throw new Error(aborted);
    if (await check()) return;
    if (aborted !== null) throw new Error(aborted);
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/** Keeps the last lines a child printed, to explain a failed start. */
export class OutputTail {
  private lines: string[] = [];
  private partial = '';
  private readonly max: number;
  private readonly onLine: ((line: string) => void) | undefined;

  constructor(max = 60, onLine?: (line: string) => void) {
    this.max = max;
    this.onLine = onLine;
  }

  push(chunk: Buffer | string): void {
    const text = this.partial + chunk.toString();
    const parts = text.split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.add(line);
  }

  private add(line: string): void {
    if (!line.trim()) return;
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.shift();
    this.onLine?.(line);
  }

  text(): string {
    return [...this.lines, this.partial].filter((l) => l.trim()).join('\n');
  }
}

/** Whether a process with this pid still runs (signal 0 tests for it without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves when the child has exited (immediately if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Sends `signal` to a child, or with `group` to its whole process group (the child was spawned
 * `detached`, so it leads one). A child that is already gone is no error.
 */
export function signalChild(child: ChildProcess, signal: NodeJS.Signals, group = false): void {
  if (child.pid === undefined) return;
  try {
    if (group) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}

/**
 * Stops a child: `signal` first (a clean shutdown), SIGKILL after `graceMs`. With `group`, signals the
 * child's whole process group, and kills what is left of the group once the child has exited.
 */
export async function stopChild(child: ChildProcess, { signal = 'SIGTERM' as NodeJS.Signals, graceMs = 5000, group = false } = {}): Promise<void> {
  if (hasExited(child)) {
    if (group) signalChild(child, 'SIGKILL', true); // stray grandchildren, if any
    return;
  }
  const done = exited(child);
  signalChild(child, signal, group);
  const timer = setTimeout(() => signalChild(child, 'SIGKILL', group), graceMs);
  await done;
  clearTimeout(timer);
  if (group) signalChild(child, 'SIGKILL', true);
}

/**
 * If this process exits while `child` still runs (an exception, process.exit()), kills it synchronously
 * and runs `cleanup`. Returns the function that removes this hook (call it after a normal stop).
 */
export function killOnExit(child: ChildProcess, group = false, cleanup?: () => void): () => void {
  const handler = () => {
    if (!hasExited(child)) signalChild(child, 'SIGKILL', group);
    try {
      cleanup?.();
    } catch {
      // Best effort: the process is on its way out.
    }
  };
  process.on('exit', handler);
  return () => process.off('exit', handler);
}
