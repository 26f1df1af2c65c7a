import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export type ServiceSpec = {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
  /** Answered (any HTTP status) once the service is ready. */
  readyUrl: string;
  readyTimeoutMs?: number;
};

type Running = { spec: ServiceSpec; child: ChildProcess };

/** Fails with a clear message when a port the stack needs is taken. */
export async function assertPortFree(port: number, owner: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${owner}) is already in use. Stop the process using it, or choose another port through the environment (see README).`
            : `Cannot use port ${port} (${owner}): ${error.message}`,
        ),
      );
    });
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function waitUntilAnswering(url: string, timeoutMs: number, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('exited before it was ready');
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`not ready after ${Math.round(timeoutMs / 1000)} s (${url})`);
}

/**
 * Starts child processes and stops every one of them when asked or when any of them dies. They
 * stay in the orchestrator's process group, so Ctrl-C in a terminal, or a supervisor (Playwright,
 * CI) killing that group, reaches them all: nothing is left behind.
 */
export class ProcessGroup {
  private readonly running: Running[] = [];
  private stopping = false;
  onUnexpectedExit: (name: string, code: number | null) => void = () => {};

  async start(spec: ServiceSpec): Promise<void> {
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const entry = { spec, child };
    this.running.push(entry);
    let exited = false;
    const prefix = `[${spec.name}] `;
    const relay = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(prefix + line + '\n');
    };
    child.stdout?.on('data', relay(process.stdout));
    child.stderr?.on('data', relay(process.stderr));
    child.on('exit', (code) => {
      exited = true;
      if (!this.stopping) this.onUnexpectedExit(spec.name, code);
    });
    try {
      await waitUntilAnswering(spec.readyUrl, spec.readyTimeoutMs ?? 60_000, () => !exited);
    } catch (error) {
      throw new Error(`${spec.name} failed to start: ${(error as Error).message}`);
    }
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    const alive = this.running.filter(({ child }) => child.exitCode === null && child.signalCode === null);
    await Promise.all(
      alive.reverse().map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            const kill = (signal: NodeJS.Signals) => {
              try {
                child.kill(signal);
              } catch {
                // Already gone.
              }
            };
            const force = setTimeout(() => kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            kill('SIGTERM');
          }),
      ),
    );
  }
}
