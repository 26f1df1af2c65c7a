// The catalogue's metrics as a scraper reads them: after requests to the service, the registry's
// text shows them by route template, with the searches, cache reads, stock refusals and imports.
import { convertProducts } from '../importer/dummyjson.ts';
import { TEST_TOKEN, startTestServer, type TestServer } from '../testing/harness.ts';
import { startMetricsServer, type MetricsListener } from 'service-kit/metrics';
import { registry } from './registry.ts';

/** The value of one sample (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('catalogue metrics', () => {
  let t: TestServer;
  let listener: MetricsListener;
  const scrape = async () => (await fetch(listener.url)).text();

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    listener = (await startMetricsServer({ port: 0, host: '127.0.0.1' }, async () => ({ contentType: registry.contentType, text: await registry.metrics() })))!;
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  it('is served on its own listener only: the API port has no /metrics', async () => {
    expect((await t.get('/metrics')).status).toBe(404);
    expect(await scrape()).toContain('process_resident_memory_bytes');
    expect((await fetch(new URL('/', listener.url))).status).toBe(404);
  });

  it('counts requests by route template, never by address', async () => {
    const before = await scrape();
    await t.get('/products/3');
    await t.get('/products/4?select=title');
    await t.get('/products/no-such');
    const after = await scrape();
    const rise = (series: string) => sample(after, series) - sample(before, series);
    expect(rise('http_requests_total{route="/products/:id",method="GET",status="200"}')).toBe(2);
    expect(rise('http_request_duration_seconds_count{route="/products/:id",method="GET"}')).toBe(3);
    expect(after).not.toMatch(/route="[^"]*no-such/);
  });

  it('counts searches with words, and those that found nothing, by engine and mode', async () => {
    const before = await scrape();
    await t.get('/products/search?q=chair&match=words');
    await t.get('/products/search?q=qqxxzzvv&match=words');
    await t.get('/products/search?q=qqxxzzvv&match=words&prefix=on');
    await t.get('/products/search?q=qqxxzzvv');
    await t.get('/products/search?q=');
    const after = await scrape();
    const rise = (series: string) => sample(after, series) - sample(before, series);
    expect(rise('catalog_search_queries_total{engine="words",match="typos"}')).toBe(2);
    expect(rise('catalog_search_empty_total{engine="words",match="typos"}')).toBe(1);
    expect(rise('catalog_search_empty_total{engine="words",match="prefix"}')).toBe(1);
    expect(rise('catalog_search_queries_total{engine="listing",match="plain"}')).toBe(1);
    expect(rise('catalog_search_empty_total{engine="listing",match="plain"}')).toBe(1);
    expect(after).not.toContain('qqxxzzvv');
  });

  it('counts product cache hits and misses', async () => {
    const before = await scrape();
    await t.get('/products/21');
    await t.get('/products/21');
    const after = await scrape();
    expect(
      sample(after, 'catalog_product_cache_requests_total{result="hit"}') - sample(before, 'catalog_product_cache_requests_total{result="hit"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'catalog_product_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts stock refusals by reason', async () => {
    const before = await scrape();
    const token = { 'x-internal-token': TEST_TOKEN };
    await t.post('/stock/reservations', { orderId: 'metrics-1', lines: [{ productId: 1, quantity: 1 }] }, { 'x-internal-token': 'guess' });
    await t.post('/stock/reservations', { orderId: 'metrics-2', lines: [{ productId: 999_999, quantity: 1 }] }, token);
    await t.post('/stock/reservations', { orderId: 'metrics-3', lines: [{ productId: 2, quantity: 10_000 }] }, token);
    const after = await scrape();
    const rise = (reason: string) =>
      sample(after, `catalog_stock_refusals_total{reason="${reason}"}`) - sample(before, `catalog_stock_refusals_total{reason="${reason}"}`);
    expect([rise('unauthorized'), rise('unknown_product'), rise('short')]).toEqual([1, 1, 1]);
  });

  it('counts import rows accepted and refused', async () => {
    const before = await scrape();
    convertProducts([
      { id: 1, title: 'Chair', category: 'furniture', price: 10, thumbnail: 'x.png' },
      { id: 2, title: '' },
    ]);
    const after = await scrape();
    const rise = (outcome: string) =>
      sample(after, `catalog_import_rows_total{outcome="${outcome}"}`) - sample(before, `catalog_import_rows_total{outcome="${outcome}"}`);
    expect([rise('accepted'), rise('refused')]).toEqual([1, 1]);
  });
});
