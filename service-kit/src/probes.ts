/** Requests that are not shoppers' (health probes, metrics scrapes): not traced, not logged at info. */
const PROBE_PATHS = /^\/(?:healthz|readyz|livez|metrics)(?:[/?]|$)/;

export function isProbePath(url: string | undefined): boolean {
  return PROBE_PATHS.test(url ?? '');
}
