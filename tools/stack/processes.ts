import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export type ServiceSpec = {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
  /** Polled until the service is ready: until it answers 2xx, or (readyWhen: 'answers') any status. */
  readyUrl: string;
  readyWhen?: 'ok' | 'answers';
  readyTimeoutMs?: number;
};

/** How a supervised service is restarted after it exits on its own. */
export interface RestartPolicy {
  /** First delay before a restart; doubles with each crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A service that stayed up this long after a restart counts as healthy again (delays start over). */
  healthyAfterMs: number;
  /** This many exits within `crashLoopWindowMs` is reported as a crash loop. */
  crashLoopExits: number;
  crashLoopWindowMs: number;
}

export const defaultRestartPolicy: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  healthyAfterMs: 30_000,
  crashLoopExits: 5,
  crashLoopWindowMs: 60_000,
};

/** The delay before restart number `crashesInARow` (1 = the first restart after a healthy run). */
export function restartDelay(policy: RestartPolicy, crashesInARow: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, crashesInARow - 1));
}

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

async function waitUntilReady(spec: ServiceSpec, isAlive: () => boolean): Promise<void> {
  const timeoutMs = spec.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('exited before it was ready');
    try {
      const response = await fetch(spec.readyUrl, { signal: AbortSignal.timeout(2000) });
      if (spec.readyWhen === 'answers' || response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not ready after ${Math.round(timeoutMs / 1000)} s (${spec.readyUrl})`);
}

/** The last lines a process printed, to show with its crash. */
class LastLines {
  private readonly lines: string[] = [];
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.shift();
  }

  text(): string {
    return this.lines.join('\n');
  }
}

type Supervised = {
  spec: ServiceSpec;
  child: ChildProcess | null;
  output: LastLines;
  startedAt: number;
  crashesInARow: number;
  exits: number[];
  restartTimer: NodeJS.Timeout | null;
  /** Set once it was ready the first time: before that, an exit is a failed start, not a crash. */
  started: boolean;
};

/**
 * Starts the stack's processes and keeps them running: one that exits on its own (a crash, a kill,
 * a stop from outside) is restarted after a delay that grows while it keeps failing, and the others
 * keep serving meanwhile. Children stay in the supervisor's process group, so Ctrl-C in a terminal,
 * or a supervisor of ours (Playwright, CI) killing that group, reaches them all: nothing is left behind.
 */
export class Supervisor {
  private readonly services: Supervised[] = [];
  private stopping = false;
  private readonly policy: RestartPolicy;
  private readonly log: (line: string) => void;
  private readonly warn: (line: string) => void;

  constructor(options: { policy?: RestartPolicy; log?: (line: string) => void; warn?: (line: string) => void } = {}) {
    this.policy = options.policy ?? defaultRestartPolicy;
    this.log = options.log ?? ((line) => console.log(line));
    this.warn = options.warn ?? ((line) => console.error(line));
  }

  /** Starts a service and resolves once it is ready; a service that cannot start at all rejects. */
  async start(spec: ServiceSpec): Promise<void> {
    const service: Supervised = { spec, child: null, output: new LastLines(20), startedAt: 0, crashesInARow: 0, exits: [], restartTimer: null, started: false };
    this.services.push(service);
    try {
      await this.launch(service);
      service.started = true;
    } catch (error) {
      throw new Error(`${spec.name} failed to start: ${(error as Error).message}\n${service.output.text()}`);
    }
  }

  private async launch(service: Supervised): Promise<void> {
    const { spec } = service;
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: { ...process.env, ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    service.child = child;
    service.startedAt = Date.now();
    let exited = false;
    const relay = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        service.output.push(line);
        stream.write(`[${spec.name}] ${line}\n`);
      }
    };
    child.stdout?.on('data', relay(process.stdout));
    child.stderr?.on('data', relay(process.stderr));
    child.on('exit', (code, signal) => {
      exited = true;
      if (service.child === child) service.child = null;
      if (!this.stopping && service.started) this.onExit(service, code, signal);
    });
    await waitUntilReady(spec, () => !exited);
  }

  private onExit(service: Supervised, code: number | null, signal: NodeJS.Signals | null): void {
    const { spec } = service;
    const now = Date.now();
    if (now - service.startedAt >= this.policy.healthyAfterMs) service.crashesInARow = 0;
    service.crashesInARow++;
    service.exits = [...service.exits.filter((at) => now - at < this.policy.crashLoopWindowMs), now];
    const delay = restartDelay(this.policy, service.crashesInARow);
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    this.warn(`[stack] ${spec.name} stopped unexpectedly (${how}); the rest of the shop keeps running. Its last lines:\n${indent(service.output.text())}`);
    if (service.exits.length >= this.policy.crashLoopExits) {
      this.warn(
        `[stack] !!! ${spec.name} is crash-looping: ${service.exits.length} exits in ${Math.round(this.policy.crashLoopWindowMs / 1000)} s. ` +
          `Still retrying every ${Math.round(delay / 1000)} s; read its lines above.`,
      );
    }
    this.log(`[stack] restarting ${spec.name} in ${(delay / 1000).toFixed(1)} s`);
    service.restartTimer = setTimeout(() => {
      service.restartTimer = null;
      const began = Date.now();
      this.launch(service).then(
        () => this.log(`[stack] ${spec.name} is back (pid ${service.child?.pid}, ready in ${((Date.now() - began) / 1000).toFixed(1)} s)`),
        (error: Error) => {
          // Not ready in time: stop that attempt; its exit schedules the next one.
          this.warn(`[stack] ${spec.name} did not come back: ${error.message}`);
          service.child?.kill('SIGKILL');
        },
      );
    }, delay);
  }

  /** The process id of a service, while it runs. */
  pid(name: string): number | undefined {
    return this.services.find((service) => service.spec.name === name)?.child?.pid;
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const service of this.services) if (service.restartTimer) clearTimeout(service.restartTimer);
    const alive = this.services.map((service) => service.child).filter((child): child is ChildProcess => !!child && child.exitCode === null && child.signalCode === null);
    await Promise.all(
      alive.reverse().map(
        (child) =>
          new Promise<void>((resolve) => {
            const kill = (signal: NodeJS.Signals) => {
              try {
                child.kill(signal);
              } catch {
                // Already gone.
              }
            };
            // Past the services' own grace period (10 s), a process that still runs is killed.
            const force = setTimeout(() => kill('SIGKILL'), 12_000);
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

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
