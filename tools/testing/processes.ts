// Processes for tests: a service's real entry point (`node <main.ts>`, as the stack starts it, with
// Node's own loader rather than jest's module system), its output kept, waited for by a line it
// prints, and stopped gracefully. Every package's process tests use this one kit.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NodeProcess {
  readonly child: ChildProcess;
  /** The exit code (null when a signal ended it), once it has exited. */
  readonly exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  stdout(): string;
  stderr(): string;
  alive(): boolean;
  /** The first match of `pattern` in its output; fails if it exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface RunOptions {
  /** Its whole environment besides PATH, unless `inheritEnv` adds this process's own. */
  env?: Record<string, string>;
  inheritEnv?: boolean;
  args?: readonly string[];
  cwd?: string;
  /** A name for error messages; the entry's file name by default. */
  name?: string;
}

/** Runs `node <entry>` with its output captured. */
export function runNode(entry: string, options: RunOptions = {}): NodeProcess {
  const name = options.name ?? entry.split('/').slice(-2).join('/');
  const child = spawn(process.execPath, [entry, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...(options.inheritEnv ? process.env : {}), PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  let running = true;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
    changed();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
    changed();
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running = false;
      resolve(code);
      changed();
    });
    child.once('error', (error) => {
      output += `\n[${name}] could not start: ${error.message}\n`;
      running = false;
      resolve(null);
      changed();
    });
  });

  return {
    child,
    exited,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    alive: () => running,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) finish(() => resolve(match));
          else if (!running) finish(() => reject(new Error(`${name} exited before printing ${pattern}; its output ends:\n${output.slice(-2000)}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms; its output ends:\n${output.slice(-2000)}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 5000) {
      if (!running) return;
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}

/** Starts a service and resolves once it prints its address (group 1 of `ready`). */
export async function startNodeService(
  entry: string,
  options: RunOptions & { ready?: RegExp; timeoutMs?: number } = {},
): Promise<NodeProcess & { url: string }> {
  const started = runNode(entry, options);
  try {
    const match = await started.waitFor(options.ready ?? /listening on (http:\/\/[0-9.:[\]]+)/, options.timeoutMs);
    return Object.assign(started, { url: match[1] ?? match[0] });
  } catch (error) {
    started.child.kill('SIGKILL');
    throw error;
  }
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  const server = http.createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    }),
  );
}
