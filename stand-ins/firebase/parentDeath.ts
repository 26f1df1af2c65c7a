/**
 * Calls `onGone` once when the process that started us has died (we got re-parented, e.g. to init),
 * whatever killed it, SIGKILL included. Used by the CLI entry points, which are started by the stack
 * orchestrator or a terminal without an IPC channel. The timer does not keep the process alive.
 */
export function onParentDeath(onGone: () => void, intervalMs = 1000): () => void {
  const original = process.ppid;
  if (original <= 1) return () => {}; // started by init / a container entrypoint: nothing to watch
  const timer = setInterval(() => {
    if (process.ppid !== original) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
