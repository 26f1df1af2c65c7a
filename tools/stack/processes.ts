import { runProcess, type ManagedProcess } from '../kit/processes.ts';
import { formatLogLine, logFormatFrom } from './logLines.ts';

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

type Supervised = {
  spec: ServiceSpec;
  process: ManagedProcess | null;
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
    const service: Supervised = { spec, process: null, startedAt: 0, crashesInARow: 0, exits: [], restartTimer: null, started: false };
    this.services.push(service);
    // A failed start rejects with the kit's message: the service's name, why, and its last lines.
    await this.launch(service);
    service.started = true;
  }

  private async launch(service: Supervised): Promise<void> {
    const { spec } = service;
    // The services print JSON lines; a person at npm start reads them short (LOG_FORMAT=json: as they are).
    const logFormat = logFormatFrom(process.env);
    // Children follow the supervisor out even when it is killed with SIGKILL (exitWithParent).
    const child = runProcess(spec.command, spec.args, {
      name: spec.name,
      cwd: spec.cwd,
      env: spec.env,
      inheritEnv: true,
      exitWithParent: spec.command === process.execPath,
      keepChars: 20_000,
      onLine: (line, stream) => (stream === 'stdout' ? process.stdout : process.stderr).write(`${formatLogLine(spec.name, line, logFormat)}\n`),
    });
    service.process = child;
    service.startedAt = Date.now();
    void child.exited.then(() => {
      if (service.process === child) service.process = null;
      if (!this.stopping && service.started) this.onExit(service, child);
    });
    await child.ready(spec.readyUrl, { timeoutMs: spec.readyTimeoutMs, when: spec.readyWhen });
  }

  private onExit(service: Supervised, exited: ManagedProcess): void {
    const { spec } = service;
    const { exitCode: code, signalCode: signal } = exited.child;
    const now = Date.now();
    if (now - service.startedAt >= this.policy.healthyAfterMs) service.crashesInARow = 0;
    service.crashesInARow++;
    service.exits = [...service.exits.filter((at) => now - at < this.policy.crashLoopWindowMs), now];
    const delay = restartDelay(this.policy, service.crashesInARow);
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    this.warn(`[stack] ${spec.name} stopped unexpectedly (${how}); the rest of the shop keeps running. Its last lines:\n${indent(exited.tail())}`);
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
        () => this.log(`[stack] ${spec.name} is back (pid ${service.process?.pid}, ready in ${((Date.now() - began) / 1000).toFixed(1)} s)`),
        (error: Error) => {
          // Not ready in time: stop that attempt; its exit schedules the next one.
          this.warn(`[stack] ${spec.name} did not come back: ${error.message}`);
          service.process?.signal('SIGKILL');
        },
      );
    }, delay);
  }

  /** The process id of a service, while it runs. */
  pid(name: string): number | undefined {
    return this.services.find((service) => service.spec.name === name)?.process?.pid;
  }

  /**
   * Stops every service and resolves once all have exited; one that still runs after `graceMs` is
   * killed. `signalled`: this process got a stop signal itself. Ctrl-C, or a signal to our process
   * group, reaches every service at the same moment, and a second signal cuts a graceful stop short
   * in many servers (close-with-grace exits at once), so then a service is sent SIGTERM only when it
   * still answers ready a moment later: it never got the signal (one sent to this process alone).
   */
  async stopAll({ signalled = false, graceMs = 12_000 }: { signalled?: boolean; graceMs?: number } = {}): Promise<void> {
    this.stopping = true;
    for (const service of this.services) if (service.restartTimer) clearTimeout(service.restartTimer);
    await Promise.all([...this.services].reverse().map((service) => this.stopService(service, signalled, graceMs)));
  }

  private async stopService(service: Supervised, signalled: boolean, graceMs: number): Promise<void> {
    const child = service.process;
    if (!child) return;
    const force = setTimeout(() => child.signal('SIGKILL'), graceMs);
    if (!signalled) child.signal('SIGTERM');
    else {
      await new Promise((resolve) => setTimeout(resolve, signalSettleMs));
      if (child.alive() && (await answersReady(service.spec))) child.signal('SIGTERM');
    }
    await child.exited;
    clearTimeout(force);
  }
}

/** Long enough for every process of the group to have taken a signal sent to all of them. */
const signalSettleMs = 250;

/** Whether the service answers its readiness check as it did when it started. */
async function answersReady(spec: ServiceSpec): Promise<boolean> {
  return fetch(spec.readyUrl, { signal: AbortSignal.timeout(1000) }).then(
    (response) => spec.readyWhen === 'answers' || response.ok,
    () => false,
  );
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
