/**
 * Saving the local backends' data so that shoppers' accounts survive a restart, and a crash costs at
 * most the last moment: every save replaces the file atomically (a reader, or the next start after a
 * kill -9, sees the old version or the new one, never half of one), and saves follow changes within
 * a short delay instead of waiting for a clean stop.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `text` to `file` through a temporary file, flushed to disk, then renamed over the old one. */
export function writeFileAtomic(file: string, text: string, mode = 0o600): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode });
  const handle = openSync(temporary, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  renameSync(temporary, file);
  syncDirectory(path.dirname(file));
}

/** Makes a rename in `dir` durable (the directory entry itself is flushed). */
export function syncDirectory(dir: string): void {
  const handle = openSync(dir, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

/** The JSON stored in `file`, or undefined when there is none yet; a damaged file is an error. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${file} is damaged (${(error as Error).message}); restore it from a backup or move it away to start empty`);
  }
}

/**
 * Runs `save` soon after something changed: at most `delayMs` after the first change of a burst,
 * one save at a time, and once more if changes arrived while a save ran. `flush()` saves what is
 * pending now; `close()` is the last save, at a stop.
 */
export class SaveScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private dirty = false;
  private closed = false;
  private readonly save: () => Promise<void> | void;
  private readonly delayMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(save: () => Promise<void> | void, delayMs: number, onError: (error: unknown) => void) {
    this.save = save;
    this.delayMs = delayMs;
    this.onError = onError;
  }

  markDirty(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => void this.run(), this.delayMs);
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.running) await this.running;
    if (this.dirty) await this.run();
  }

  /**
   * Saves once more whatever is held, changed or not (a change may have escaped the record), and
   * nothing after that: a failure rejects instead of being retried, since the process is ending.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.running) await this.running;
    this.dirty = false;
    await this.save();
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.dirty = false;
    this.running = (async () => {
      try {
        await this.save();
      } catch (error) {
        this.dirty = true;
        this.onError(error);
      }
    })();
    await this.running;
    this.running = undefined;
    if (this.dirty && !this.timer && !this.closed) this.timer = setTimeout(() => void this.run(), this.delayMs);
  }
}
