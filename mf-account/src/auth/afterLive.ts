/**
 * When the page is live: the host shell sets the user-timing mark `storefront:live` once its tree
 * and the route's screen are in place (shell/src/app/liveMark.ts). What the screens can do without
 * (the Firebase SDK, about 95 KB gzip) starts after it, so the screen a shopper came for is on
 * screen and answers input first, and its JavaScript budget counts only what the screen needs.
 * A host that sets no mark (a team's harness, an older shell) holds nothing back for longer than
 * `capMs`.
 */
export const LIVE_MARK = 'storefront:live';

export interface LiveEnv {
  /** Whether the mark has been set. */
  isMarked(): boolean;
  /** Calls `onMark` once the mark is set; answers how to stop, or null where marks cannot be observed. */
  observe(onMark: () => void): (() => void) | null;
  setTimer(task: () => void, ms: number): () => void;
}

function browserEnv(): LiveEnv {
  const canObserve = typeof performance !== 'undefined' && typeof PerformanceObserver !== 'undefined';
  return {
    isMarked: () => canObserve && performance.getEntriesByName(LIVE_MARK, 'mark').length > 0,
    observe: (onMark) => {
      if (!canObserve) return null;
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName(LIVE_MARK, 'mark').length > 0) onMark();
      });
      try {
        observer.observe({ type: 'mark' });
      } catch {
        return null; // an engine without mark entries in observers
      }
      return () => observer.disconnect();
    },
    setTimer: (task, ms) => {
      const timer = setTimeout(task, ms);
      return () => clearTimeout(timer);
    },
  };
}

/** Resolves once the page is live, at the latest `capMs` after the call; at once where marks cannot be observed. */
export function whenLive(capMs = 3000, env: LiveEnv = browserEnv()): Promise<void> {
  if (env.isMarked()) return Promise.resolve();
  return new Promise((resolve) => {
    const stops: Array<() => void> = [];
    const done = () => {
      for (const stop of stops) stop();
      resolve();
    };
    const stopObserving = env.observe(done);
    // Set between the check above and the observer's start: already live.
    if (!stopObserving || env.isMarked()) return done();
    stops.push(stopObserving, env.setTimer(done, capMs));
  });
}

let pageLive: Promise<void> | undefined;

/** The page's one wait for the mark (shared by every caller, so one observer at most). */
export function afterLive(): Promise<void> {
  pageLive ??= whenLive();
  return pageLive;
}
