let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the browser is idle (or after a short cap), so header
 * widgets fetch their remotes after the route's own screen instead of competing with it for the
 * network and the main thread on a first visit.
 */
export function afterPageLoad(capMs = 1500): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: capMs });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return settled;
}
