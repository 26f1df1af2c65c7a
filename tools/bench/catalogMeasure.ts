import autocannon from 'autocannon';
import type { Db, Size } from './args.ts';
import type { CatalogContext } from './catalogContext.ts';
import type { Scenario } from '../../mf-catalog/bench/scenarios.ts';
import { MemorySampler } from './system.ts';

export interface LoadResult {
  db: Db;
  size: Size;
  scenario: string;
  label: string;
  target: Scenario['target'];
  varied: boolean;
  requestsPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Latency of the very first request, before any cache held anything for it (fixed rows only). */
  firstMs: number | null;
  bytesPerSec: number;
  /** The highest RSS of the catalogue services (summed over instances) during the row. */
  peakRss: number;
  /** Gateway rows: the service-alone row of the same run they are judged against. */
  reference?: { scenario: string; requestsPerSec: number };
  /** Rows measured while checkouts reserve and commit stock: how many run at once, and how many completed a second. */
  checkouts?: { concurrent: number; perSecond: number };
}

async function load(urls: string[], connections: number, seconds: number, nextPath: (() => string) | null) {
  return autocannon({
    url: urls.length === 1 ? urls[0]! : urls,
    connections,
    duration: seconds,
    timeout: 10,
    ...(nextPath ? { requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: nextPath() }) }] } : {}),
  });
}

export interface Measured {
  result: Awaited<ReturnType<typeof autocannon>>;
  peakRss: number;
}

/** Warm-up, then the recorded load, with the services' memory sampled. */
export async function measure(ctx: CatalogContext, urls: string[], pids: number[], first: string, next: (() => string) | null): Promise<Measured> {
  const { options } = ctx;
  if (options.warmup > 0)
    await load(
      urls.map((url) => url + first),
      options.connections,
      options.warmup,
      next,
    );
  const samplers = pids.map((pid) => new MemorySampler(pid).start());
  const result = await load(
    urls.map((url) => url + first),
    options.connections,
    options.duration,
    next,
  );
  const peakRss = samplers.reduce((sum, sampler) => sum + sampler.stop(), 0);
  return { result, peakRss };
}

/** A measured load as a row of the results. */
export function row(
  db: Db,
  size: Size,
  scenario: Pick<Scenario, 'name' | 'label' | 'target' | 'varied'>,
  measured: Measured,
  firstMs: number | null,
): LoadResult {
  const { result, peakRss } = measured;
  return {
    db,
    size,
    scenario: scenario.name,
    label: scenario.label,
    target: scenario.target,
    varied: scenario.varied,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    firstMs,
    bytesPerSec: result.throughput.average,
    peakRss,
  };
}
