import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readJsonFile, SaveScheduler, writeFileAtomic } from './durableFile.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'durable-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic / readJsonFile', () => {
  it('replaces the file and leaves no temporary file behind', () => {
    const file = path.join(dir, 'data.json');
    writeFileAtomic(file, JSON.stringify({ a: 1 }));
    writeFileAtomic(file, JSON.stringify({ a: 2 }));
    expect(readJsonFile(file)).toEqual({ a: 2 });
    expect(readdirSync(dir)).toEqual(['data.json']);
  });

  it('reads nothing from a missing file and names a damaged one', () => {
    expect(readJsonFile(path.join(dir, 'none.json'))).toBeUndefined();
    writeFileSync(path.join(dir, 'bad.json'), '{"a":');
    expect(() => readJsonFile(path.join(dir, 'bad.json'))).toThrow(/bad\.json is damaged/);
  });
});

describe('SaveScheduler', () => {
  const flushTimers = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('coalesces a burst of changes into one save soon after the first', async () => {
    const saves: number[] = [];
    const scheduler = new SaveScheduler(
      () => void saves.push(Date.now()),
      5,
      () => {},
    );
    for (let i = 0; i < 10; i++) scheduler.markDirty();
    await flushTimers();
    expect(saves).toHaveLength(1);
  });

  it('saves again when a change arrives during a save', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const scheduler = new SaveScheduler(
      () => {
        calls++;
        return calls === 1 ? new Promise<void>((resolve) => (release = resolve)) : undefined;
      },
      1,
      () => {},
    );
    scheduler.markDirty();
    await flushTimers();
    scheduler.markDirty();
    release();
    await flushTimers();
    expect(calls).toBe(2);
  });

  it('retries a failed save and reports the failure', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const scheduler = new SaveScheduler(
      () => {
        calls++;
        if (calls === 1) throw new Error('disk full');
      },
      1,
      (error) => errors.push(error),
    );
    scheduler.markDirty();
    await flushTimers();
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it('flush() saves pending changes at once', async () => {
    let calls = 0;
    const scheduler = new SaveScheduler(
      () => void calls++,
      60_000,
      () => {},
    );
    scheduler.markDirty();
    await scheduler.flush();
    expect(calls).toBe(1);
    await scheduler.flush();
    expect(calls).toBe(1);
  });

  it('close() saves at once even with no change recorded, and nothing after', async () => {
    let calls = 0;
    const scheduler = new SaveScheduler(
      () => void calls++,
      1,
      () => {},
    );
    await scheduler.close();
    expect(calls).toBe(1);
    scheduler.markDirty();
    await flushTimers();
    expect(calls).toBe(1);
  });

  it('close() rejects when the last save fails, and does not retry it', async () => {
    let calls = 0;
    const scheduler = new SaveScheduler(
      () => {
        calls++;
        throw new Error('disk full');
      },
      1,
      () => {},
    );
    await expect(scheduler.close()).rejects.toThrow('disk full');
    await flushTimers();
    expect(calls).toBe(1);
  });
});
