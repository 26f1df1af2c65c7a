// How a 75th percentile reads against Google's thresholds, for the figures page's colours.
export type Rating = 'good' | 'improve' | 'poor';

/** Google's thresholds for the 75th percentile: LCP 2.5 s / 4 s, INP 200 ms / 500 ms. */
const THRESHOLDS = { lcp: [2500, 4000], inp: [200, 500] } as const;

export function rate(metric: keyof typeof THRESHOLDS, ms: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return ms <= good ? 'good' : ms <= poor ? 'improve' : 'poor';
}
