/** Runs `task` after the page's load event, when the browser is idle (or soon, where it cannot say). */
export function whenPageIdle(task: () => void, timeoutMs = 3000): void {
  if (typeof window === 'undefined') return;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    else setTimeout(task, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
