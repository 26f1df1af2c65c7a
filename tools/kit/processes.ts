// Child processes for everything that runs at development time (tests, the embedded stack's
// supervisor, benchmarks, soak runs): spawned with their output kept, waited for by a line they print
// or a URL that answers, and stopped gracefully. The one place that knows how; every package uses it.
// The plain helpers underneath (ports, polling, stopping a child) are service-kit's, which the local
// Firebase's launchers also use where tools/ is not shipped; freePort and pollUntil are passed on here
// so that tests find everything about processes in one import.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { signalChild, sleep, stopChild } from 'service-kit/processes';

export { freePort, pollUntil } from 'service-kit/processes';

export interface ManagedProcess {
  readonly child: ChildProcess;
  /** -1 when it could not start. */
  readonly pid: number;
  /** The exit code (null when a signal ended it or it could not start), once it has exited. */
  readonly exited: Promise<number | null>;
  /** What it printed, stdout and stderr interleaved (the last `keepChars` of it). */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Its last non-empty lines, to explain a failure. */
  tail(lines?: number): string;
  alive(): boolean;
  /** The first match of `pattern` in its output; fails if it exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves once `url` answers 2xx (`when: 'answers'`: any status); fails if it exits first or time runs out. */
  ready(url: string, options?: { timeoutMs?: number; when?: 'ok' | 'answers' }): Promise<void>;
  /** Sends a signal to it (to its whole group when it leads one); a no-op once it has exited. */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM (or `signal`), then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number, signal?: NodeJS.Signals): Promise<void>;
}

export interface ProcessOptions {
  /** Its whole environment besides PATH, unless `inheritEnv` adds this process's own underneath. */
  env?: Record<string, string | undefined>;
  inheritEnv?: boolean;
  cwd?: string;
  /** A name for error messages; the command's last path segments by default. */
  name?: string;
  /**
   * Leads its own process group: signals reach everything it started (a stack, a dev server), and a
   * Ctrl-C in the terminal reaches only this process, which then stops its group.
   */
  group?: boolean;
  /** Also appends everything it prints to this file. */
  logFile?: string;
  /** Each line it prints, as it comes (a supervisor relays them with a prefix). */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** How much output to keep in memory for output(), waitFor() and tail(); 1 MB by default. */
  keepChars?: number;
  /**
   * A Node child exits (through its own SIGTERM handling) when this process goes away, even by
   * SIGKILL: it watches an IPC channel that only closes then. On by default for runNode.
   */
  exitWithParent?: boolean;
}

/**
 * Preloaded into Node children: the IPC channel closes only when the parent is gone. Cluster workers
 * inherit the preload, but their channel is the primary's and keeps them alive until they listen:
 * theirs is left alone (cluster.isWorker; Node deletes NODE_UNIQUE_ID before preloads run).
 */
const exitWithParentPreload =
  'data:text/javascript,' +
  encodeURIComponent(
    "import cluster from 'node:cluster'; if (process.channel && !cluster.isWorker) { process.on('disconnect', () => { process.kill(process.pid, 'SIGTERM'); setTimeout(() => process.exit(1), 15000).unref(); }); process.channel.unref(); }",
  );

/** Runs `command args` with its output captured. */
export function runProcess(command: string, args: readonly string[], options: ProcessOptions = {}): ManagedProcess {
  const name = options.name ?? [command, ...args].join(' ').split(/[\s/]/).slice(-2).join('/');
  const keepChars = options.keepChars ?? 1_000_000;
  const withParent = options.exitWithParent === true;
  const child = spawn(command, withParent ? ['--import', exitWithParentPreload, ...args] : [...args], {
    cwd: options.cwd,
    env: { ...(options.inheritEnv ? process.env : {}), PATH: process.env.PATH ?? '', ...options.env } as NodeJS.ProcessEnv,
    stdio: withParent ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    detached: options.group === true,
  });
  const kept = { output: '', stdout: '', stderr: '' };
  const keep = (key: keyof typeof kept, text: string) => {
    kept[key] += text;
    if (kept[key].length > keepChars * 1.5) kept[key] = kept[key].slice(-keepChars);
  };
  let running = true;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  for (const stream of ['stdout', 'stderr'] as const) {
    let partial = '';
    child[stream]?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      keep('output', text);
      keep(stream, text);
      if (options.logFile) appendFileSync(options.logFile, text);
      if (options.onLine) {
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) options.onLine(line, stream);
      }
      changed();
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running = false;
      resolve(code);
      changed();
    });
    child.once('error', (error) => {
      const message = `\n[${name}] could not start: ${error.message}\n`;
      keep('output', message);
      if (options.logFile) appendFileSync(options.logFile, message);
      running = false;
      resolve(null);
      changed();
    });
  });

  const tail = (lines = 20) =>
    kept.output
      .split('\n')
      .filter((line) => line.trim())
      .slice(-lines)
      .join('\n');
  const signal = (sig: NodeJS.Signals) => {
    if (running) signalChild(child, sig, options.group);
  };

  return {
    child,
    pid: child.pid ?? -1,
    exited,
    output: () => kept.output,
    stdout: () => kept.stdout,
    stderr: () => kept.stderr,
    tail,
    alive: () => running,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(kept.output);
          if (match) finish(() => resolve(match));
          else if (!running) finish(() => reject(new Error(`${name} exited before printing ${pattern}; its output ends:\n${tail()}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms; its output ends:\n${tail()}`))),
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
    async ready(url, { timeoutMs = 60_000, when = 'ok' } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!running) throw new Error(`${name} exited before it was ready; its output ends:\n${tail()}`);
        const answered = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
          (response) => when === 'answers' || response.ok,
          () => false,
        );
        if (answered) return;
        await sleep(100);
      }
      throw new Error(`${name} not ready after ${Math.round(timeoutMs / 1000)} s (${url}); its output ends:\n${tail()}`);
    },
    signal,
    async stop(graceMs = 5000, first: NodeJS.Signals = 'SIGTERM') {
      if (running) await stopChild(child, { signal: first, graceMs, group: options.group });
    },
  };
}

export interface NodeOptions extends ProcessOptions {
  args?: readonly string[];
}

/** Runs `node <entry> [args]` (with Node's own loader: the entry runs as the stack runs it). */
export function runNode(entry: string, options: NodeOptions = {}): ManagedProcess {
  return runProcess(process.execPath, [entry, ...(options.args ?? [])], {
    name: entry.split('/').slice(-2).join('/'),
    exitWithParent: true,
    ...options,
  });
}

/** Starts a service and resolves once it prints its address (group 1 of `ready`). */
export async function startNodeService(
  entry: string,
  options: NodeOptions & { ready?: RegExp; timeoutMs?: number } = {},
): Promise<ManagedProcess & { url: string }> {
  const started = runNode(entry, options);
  try {
    const match = await started.waitFor(options.ready ?? /listening on (http:\/\/[0-9.:[\]]+)/, options.timeoutMs);
    return Object.assign(started, { url: match[1] ?? match[0] });
  } catch (error) {
    started.signal('SIGKILL');
    throw error;
  }
}
