/** One bucket of a Prometheus histogram: how many observations were at most `le` (cumulative). */
export interface Bucket {
  le: number;
  count: number;
}

/**
 * The q-quantile a histogram's buckets suggest, as Prometheus's histogram_quantile estimates it: find
 * the bucket the q-th observation falls in and interpolate linearly inside it (the first bucket starts
 * at 0). An observation past the last finite bound answers that bound: the true value is unknown,
 * only that it is larger. Null when nothing was observed.
 */
export function histogramQuantile(q: number, buckets: readonly Bucket[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, count } of sorted) {
    if (count >= rank && count > below) {
      if (le === Infinity) return lower;
      return lower + ((le - lower) * (rank - below)) / (count - below);
    }
    if (le !== Infinity) lower = le;
    below = count;
  }
  return lower;
}
