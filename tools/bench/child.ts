// Child processes of the bench (the stack, catalogue services, CLIs): each in its own process group,
// output kept in a log file, stopped with everything it started, and stopped on Ctrl-C too.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';

type Cleanup = () => Promise<void> | void;
const cleanups = new Set<Cleanup>();

/** Registers work to undo if the bench is interrupted; returns a function that unregisters it. */
export function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export async function runCleanups(): Promise<void> {
  const pending = [...cleanups].reverse();
  cleanups.clear();
  for (const cleanup of pending) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`[bench] cleanup failed: ${(error as Error).message}`);
    }
  }
}

export class Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly logFile: string;
  private readonly exited: Promise<number | null>;
  private done = false;
  private readonly unregister: () => void;

  constructor(name: string, command: string, args: string[], options: { cwd: string; env: Record<string, string | undefined>; logFile: string }) {
    this.name = name;
    this.logFile = options.logFile;
    const log = createWriteStream(options.logFile, { flags: 'a' });
    this.process = spawn(command, args, { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.process.stdout?.pipe(log, { end: false });
    this.process.stderr?.pipe(log, { end: false });
    this.exited = new Promise((resolve) => {
      this.process.once('exit', (code, signal) => {
        this.done = true;
        log.end();
        resolve(code ?? (signal ? 128 : null));
      });
      this.process.once('error', (error) => {
        this.done = true;
        log.end(`\n[bench] could not start: ${error.message}\n`);
        resolve(null);
      });
    });
    this.unregister = onInterrupt(() => this.stop());
  }

  get pid(): number {
    return this.process.pid ?? -1;
  }

  get running(): boolean {
    return !this.done;
  }

  /** The last lines of its log, for error messages. */
  tail(lines = 15): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  wait(): Promise<number | null> {
    return this.exited;
  }

  /** Resolves when `url` answers (any status); fails when the process exits first or time runs out. */
  async ready(url: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited before it was ready; its log ends:\n${this.tail()}`);
      try {
        await fetch(url, { signal: AbortSignal.timeout(2000) });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    throw new Error(`${this.name} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s; its log ends:\n${this.tail()}`);
  }

  /** SIGTERM to the whole group, SIGKILL after graceMs. */
  async stop(graceMs = 10_000): Promise<void> {
    this.unregister();
    if (!this.running) return;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-this.pid, name);
      } catch {
        // Already gone.
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
