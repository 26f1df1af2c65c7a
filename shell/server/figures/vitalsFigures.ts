// Real shoppers' LCP and INP per route for the back office (#38 point 6), and INP per interaction
// (#44 point 4), read from the gateway's own web_vitals_* histograms: the numbers Prometheus
// scrapes, since this gateway instance started.
import type { InteractionVitals, RouteVitals } from 'gateway-api/figures';
import type { Histogram } from 'prom-client';
import { histogramQuantile, type Bucket } from '../metrics/histogramQuantile.ts';
import { webVitalInteractions, webVitals } from '../metrics/registry.ts';

interface Observed {
  count: number;
  buckets: Bucket[];
}

type Labels = Partial<Record<string, string | number>>;

/** Per series (its labels but `le`, as `key` writes them): how many observations, and the cumulative buckets. */
async function bySeries<Label extends string>(histogram: Histogram<Label>, key: (labels: Labels) => string): Promise<Map<string, Observed>> {
  const series = new Map<string, Observed>();
  const entry = (name: string) => series.get(name) ?? (series.set(name, { count: 0, buckets: [] }).get(name) as Observed);
  for (const { metricName, labels, value } of (await histogram.get()).values) {
    const all = labels as Labels;
    if (metricName?.endsWith('_bucket')) entry(key(all)).buckets.push({ le: all.le === '+Inf' ? Infinity : Number(all.le), count: value });
    else if (metricName?.endsWith('_count')) entry(key(all)).count = value;
  }
  return series;
}

const byRoute = (histogram: Histogram<'route'>) => bySeries(histogram, (labels) => String(labels.route ?? ''));

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

/** Every interaction INP was attributed to, the slowest (p75) first. */
export async function interactionFigures(): Promise<InteractionVitals[]> {
  const series = await bySeries(webVitalInteractions, (labels) => JSON.stringify([String(labels.role ?? ''), String(labels.interaction ?? '')]));
  return [...series]
    .filter(([, observed]) => observed.count > 0)
    .map(([key, observed]) => {
      const [role, interaction] = JSON.parse(key) as [string, string];
      return { role, interaction, count: observed.count, inpP75: p75Ms(observed) };
    })
    .sort((a, b) => (b.inpP75 ?? 0) - (a.inpP75 ?? 0) || b.count - a.count || a.interaction.localeCompare(b.interaction));
}
