// Real shoppers' LCP and INP per route for the back office (#38 point 6), read from the gateway's own
// web_vitals_* histograms: the numbers Prometheus scrapes, since this gateway instance started.
import type { Histogram } from 'prom-client';
import { histogramQuantile, type Bucket } from '../metrics/histogramQuantile.ts';
import { webVitals } from '../metrics/registry.ts';

export interface RouteVitals {
  /** A route template of the shell's manifest ("/product/:id"). */
  route: string;
  /** Pages that reported their LCP: one a view. */
  views: number;
  /** Milliseconds; null with no measurement. */
  lcpP75: number | null;
  inpP75: number | null;
  /** Views in which the shopper interacted (INP is measured only then). */
  interactions: number;
}

interface Observed {
  count: number;
  buckets: Bucket[];
}

/** Per route: how many observations, and the cumulative buckets. */
async function byRoute(histogram: Histogram): Promise<Map<string, Observed>> {
  const routes = new Map<string, Observed>();
  const entry = (route: string) => routes.get(route) ?? (routes.set(route, { count: 0, buckets: [] }).get(route) as Observed);
  for (const { metricName, labels, value } of (await histogram.get()).values) {
    const route = String(labels.route ?? '');
    if (metricName?.endsWith('_bucket')) entry(route).buckets.push({ le: labels.le === '+Inf' ? Infinity : Number(labels.le), count: value });
    else if (metricName?.endsWith('_count')) entry(route).count = value;
  }
  return routes;
}

const p75Ms = (observed: Observed | undefined) => {
  const seconds = observed ? histogramQuantile(0.75, observed.buckets) : null;
  return seconds === null ? null : Math.round(seconds * 1000);
};

/** Every route with a view or an interaction, the busiest first. */
export async function vitalsFigures(): Promise<RouteVitals[]> {
  const [lcp, inp] = await Promise.all([byRoute(webVitals.LCP), byRoute(webVitals.INP)]);
  const routes = new Set([...lcp.keys(), ...inp.keys()]);
  return [...routes]
    .map((route) => ({
      route,
      views: lcp.get(route)?.count ?? 0,
      lcpP75: p75Ms(lcp.get(route)),
      inpP75: p75Ms(inp.get(route)),
      interactions: inp.get(route)?.count ?? 0,
    }))
    .filter((row) => row.views > 0 || row.interactions > 0)
    .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route));
}
