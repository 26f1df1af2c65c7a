import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

/** A port the OS reports free on `host` right now (another process may still take it before we do). */
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

/** Throws a clear error when host:port is already taken (before we spawn anything onto it). */
export async function assertPortFree(host: string, port: number, what: string): Promise<void> {
  if (port === 0) return;
  if (await isPortOpen(host, port)) {
    throw new Error(`${what}: port ${host}:${port} is already in use (another emulator or app is running there?)`);
  }
}

/** GET a JSON document over plain HTTP. Resolves null on any failure (used for readiness polling). */
export function httpGetJson(url: string, timeoutMs = 1000): Promise<unknown> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(res.statusCode === 200 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null);
        } catch {
          resolve(null);
        }
      });
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/**
 * Opens a WebSocket to an RTDB-protocol server and resolves true once it sends the protocol handshake
 * (`{"t":"c","d":{"t":"h",...}}`), i.e. the server really speaks the protocol, not merely listens.
 * Implemented on raw HTTP so it runs anywhere (jest's sandbox has no global WebSocket).
 */
export function probeRtdbHandshake(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (ok: boolean, socket?: net.Socket) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      req.destroy();
      resolve(ok);
    };
    const req = http.request({
      host,
      port,
      path: '/.ws?v=5',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    req.on('upgrade', (_res, socket, head) => {
      let seen = head.toString('latin1');
      if (seen.includes('"t":"h"')) return finish(true, socket);
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.toString('latin1');
        if (seen.includes('"t":"h"')) finish(true, socket);
      });
      socket.on('error', () => finish(false, socket));
      socket.on('close', () => finish(false, socket));
    });
    req.on('response', () => finish(false));
    req.on('error', () => finish(false));
    req.end();
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/** Resolves when the child has exited (immediately if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Stops a child: `signal` first (a clean shutdown), SIGKILL after `graceMs`. With `group`, signals the
 * child's whole process group (the child was spawned `detached`, so it leads one).
 */
export async function stopChild(child: ChildProcess, { signal = 'SIGTERM' as NodeJS.Signals, graceMs = 5000, group = false } = {}): Promise<void> {
  const send = (sig: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      if (group) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      /* already gone */
    }
  };
  if (child.exitCode !== null || child.signalCode !== null) {
    if (group) send('SIGKILL'); // stray grandchildren, if any
    return;
  }
  const done = exited(child);
  send(signal);
  const timer = setTimeout(() => send('SIGKILL'), graceMs);
  await done;
  clearTimeout(timer);
  if (group) send('SIGKILL');
}

/**
 * Polls `check` until it returns true. Rejects after `timeoutMs`, or as soon as `abort` (e.g. "the child
 * exited") resolves, with the message it resolves to.
 */
export async function pollUntil(
  check: () => Promise<boolean>,
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
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/**
 * If this process exits while `child` still runs (an exception, process.exit()), kill it synchronously and
 * run `cleanup`. Returns the function that removes this hook (call it after a normal stop).
 */
export function killOnExit(child: ChildProcess, group = false, cleanup?: () => void): () => void {
  const handler = () => {
    try {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        if (group) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      }
    } catch {
      /* gone */
    }
    try {
      cleanup?.();
    } catch {
      /* best effort */
    }
  };
  process.on('exit', handler);
  return () => process.off('exit', handler);
}
