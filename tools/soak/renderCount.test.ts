import { describeRenders, renderDelta, renderFigures, sumSamples } from './renderCount.ts';

const exposition = (renders: number, hit: number, miss: number) => `# HELP gateway_server_render_duration_seconds Time to render
# TYPE gateway_server_render_duration_seconds histogram
gateway_server_render_duration_seconds_bucket{le="0.05",route="/"} 1
gateway_server_render_duration_seconds_sum{route="/"} 0.4
gateway_server_render_duration_seconds_count{route="/"} ${renders - 1}
gateway_server_render_duration_seconds_count{route="/shop/:id"} 1
gateway_page_cache_requests_total{result="hit"} ${hit}
gateway_page_cache_requests_total{result="miss"} ${miss}
gateway_page_cache_requests_total{result="stale"} 2
`;

describe('the soak reads the gateway render count from its metrics', () => {
  test('sums a metric over its label sets, and only samples with the labels asked for', () => {
    const text = exposition(5, 90, 3);
    expect(sumSamples(text, 'gateway_server_render_duration_seconds_count')).toBe(5);
    expect(sumSamples(text, 'gateway_page_cache_requests_total', { result: 'hit' })).toBe(90);
    expect(sumSamples(text, 'gateway_page_cache_requests_total')).toBe(95);
    expect(sumSamples(text, 'gateway_server_render_duration_seconds')).toBe(0);
  });

  test('the renders during the load are the difference of two readings, printed beside the page requests', () => {
    const delta = renderDelta(renderFigures(exposition(2, 0, 1)), renderFigures(exposition(12, 900, 11)));
    expect(delta).toEqual({ renders: 10, pages: { hit: 900, stale: 0, miss: 10, coalesced: 0 } });
    expect(describeRenders(delta, 910)).toBe('Gateway server renders: 10 for 910 page requests (page cache: 900 hit, 0 stale, 10 miss, 0 coalesced).');
  });
});
