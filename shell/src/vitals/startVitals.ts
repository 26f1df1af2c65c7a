import { whenLive } from '../app/liveMark.ts';
import { matchRoute } from '../app/routeManifest.ts';

// Real shoppers' Web Vitals (decision 0032). This part is in the shell's first chunk and stays
// tiny: once the page is live and the browser is idle, it asks the gateway's runtime config how
// many page views to sample, and only a sampled view loads web-vitals (a chunk of its own).

/**
 * After the page is live (storefront:live), when the browser has nothing better to do: nothing here
 * competes with the page's start, nor counts in its first load (the load event came before live on
 * some pages). web-vitals reads the entries the browser buffered, so measuring late loses nothing.
 */
function whenSettled(live: Promise<void>, run: () => void): void {
  void live.then(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 5_000 }) : setTimeout(run, 1_000)));
}

/** The share of page views to measure (VITALS_SAMPLE_RATE at the gateway); none when it cannot be read. */
async function sampleRate(): Promise<number> {
  const response = await fetch('/app-config.json', { cache: 'no-cache' });
  const rate = ((await response.json()) as { vitalsSampleRate?: unknown }).vitalsSampleRate;
  return typeof rate === 'number' && rate >= 0 && rate <= 1 ? rate : 0;
}

/**
 * Measures this page view's LCP, INP, CLS and TTFB if it is sampled, labelled with the route
 * template the page loaded on (`pathname` at start-up: '/shop/:id', never the address itself, so
 * nothing in a report says which product or search a shopper looked at). Not-found pages are not measured.
 */
export function startVitals(pathname: string, random: () => number = Math.random, live: Promise<void> = whenLive()): void {
  const route = matchRoute(pathname)?.path;
  if (!route || typeof navigator.sendBeacon !== 'function') return;
  whenSettled(live, () => {
    sampleRate()
      .then(async (rate) => {
        if (random() >= rate) return;
        const { reportVitals } = await import(/* webpackChunkName: "vitals" */ './reportVitals.ts');
        reportVitals(route);
      })
      // Measuring must never disturb shopping: a failure here is silent.
      .catch(() => undefined);
  });
}
