// What the numbers were measured on, and how much memory a process holds.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string | null;
  chromium: string | null;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage: number[];
}

function quiet(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

export function machineInfo(chromiumPath: string): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: quiet('psql', ['--version']),
    chromium: quiet(chromiumPath, ['--version']),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
export function processMemory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Samples a process's RSS until stopped; the highest sample is its peak over that window. */
export class MemorySampler {
  private readonly pid: number;
  private timer: NodeJS.Timeout | null = null;
  peak = 0;

  constructor(pid: number) {
    this.pid = pid;
  }

  start(intervalMs = 100): this {
    this.peak = 0;
    const sample = () => {
      const memory = processMemory(this.pid);
      if (memory && memory.rss > this.peak) this.peak = memory.rss;
    };
    sample();
    this.timer = setInterval(sample, intervalMs);
    return this;
  }

  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const last = processMemory(this.pid);
    if (last && last.rss > this.peak) this.peak = last.rss;
    return this.peak;
  }
}
