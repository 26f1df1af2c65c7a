import { whenLive } from '../app/liveMark.ts';

let settled: Promise<void> | undefined;

/**
 * Resolves once the page is live (its route's screen in place), has loaded and the browser is idle,
 * so header widgets fetch their remotes after the route's own screen instead of competing with it
 * for the network and the main thread on a first visit. A screen that never arrives holds them back
 * for `liveCapMs` at most: the header must not stay empty because a remote is down.
 */
export function afterPageLoad(capMs = 1500, liveCapMs = 5000): Promise<void> {
  settled ??= Promise.race([whenLive(), new Promise<void>((resolve) => setTimeout(resolve, liveCapMs))]).then(
    () =>
      new Promise<void>((resolve) => {
        const whenIdle = () => {
          if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: capMs });
          else setTimeout(resolve, 0);
        };
        if (document.readyState === 'complete') whenIdle();
        else window.addEventListener('load', whenIdle, { once: true });
      }),
  );
  return settled;
}
