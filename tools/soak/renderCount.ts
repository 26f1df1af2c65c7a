// How many pages the gateway rendered during a soak, read from its Prometheus metrics before and
// after the load: the page cache's point is that this stays far below the number of page requests.

/** The sum of every sample of `name` (all label sets) in a Prometheus text exposition. */
export function sumSamples(exposition: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of exposition.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const labelText = match[2] ?? '';
    if (Object.entries(labels).some(([key, value]) => !labelText.includes(`${key}="${value}"`))) continue;
    const value = Number(match[3]);
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}

export interface RenderFigures {
  renders: number;
  /** Server-rendered pages by where they came from (gateway_page_cache_requests_total's results). */
  pages: Record<'hit' | 'stale' | 'miss' | 'coalesced', number>;
}

export function renderFigures(exposition: string): RenderFigures {
  const page = (result: string) => sumSamples(exposition, 'gateway_page_cache_requests_total', { result });
  return {
    renders: sumSamples(exposition, 'gateway_server_render_duration_seconds_count'),
    pages: { hit: page('hit'), stale: page('stale'), miss: page('miss'), coalesced: page('coalesced') },
  };
}

/** What changed between two readings. */
export function renderDelta(before: RenderFigures, after: RenderFigures): RenderFigures {
  return {
    renders: after.renders - before.renders,
    pages: {
      hit: after.pages.hit - before.pages.hit,
      stale: after.pages.stale - before.pages.stale,
      miss: after.pages.miss - before.pages.miss,
      coalesced: after.pages.coalesced - before.pages.coalesced,
    },
  };
}

/** The soak's line: renders beside the page requests they served. */
export function describeRenders(delta: RenderFigures, pageRequests: number): string {
  const { hit, stale, miss, coalesced } = delta.pages;
  return `Gateway server renders: ${delta.renders} for ${pageRequests} page requests (page cache: ${hit} hit, ${stale} stale, ${miss} miss, ${coalesced} coalesced).`;
}
