// Child processes of the bench and soak runs (the stack, catalogue services, CLIs): started through
// the dev kit, each leading its own process group with its output in a log file, and stopped with
// everything it started when the run ends or is interrupted (Ctrl-C).
import { runProcess, type ManagedProcess } from '../kit/processes.ts';

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

/** Starts `command args`; an interrupted run stops it (and its group) before exiting. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined>; logFile: string },
): ManagedProcess {
  const child = runProcess(command, args, { ...options, name, group: true, exitWithParent: command === process.execPath });
  const unregister = onInterrupt(() => child.stop(10_000));
  void child.exited.then(unregister);
  return child;
}
