// The gateway's metrics, read as a scraper reads them: the real gateway process (and a real
// catalogue behind it) answers requests, then its metrics listener's text shows each of them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadGatewayConfig } from '../config.ts';
import { fallbackReason, isMetricsPath } from './gatewayMetrics.ts';
import path from 'node:path';
import { freePort, pollUntil, startNodeService } from '../../../tools/kit/processes.ts';
import { fakeFrontEndEnv } from '../../bench/fakeFrontEnds.ts';
import { startCatalog, startGateway, workspace, type Service } from '../testing/liveServices.ts';

jest.setTimeout(60_000);

/** The value of one sample (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('settings', () => {
  it('serves metrics only when METRICS_PORT is set, on loopback unless told otherwise', () => {
    expect(loadGatewayConfig({}, '/repo').metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadGatewayConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }, '/repo').metrics).toEqual({ port: 9464, host: '10.0.0.5' });
    expect(() => loadGatewayConfig({ METRICS_PORT: '-1' }, '/repo')).toThrow(/METRICS_PORT/);
  });

  it("samples every page view's Web Vitals outside production, a tenth in production, or as told", () => {
    const production = {
      NODE_ENV: 'production',
      SITE_URL: 'https://shop.example',
      FIREBASE_PROJECT_ID: 'shop',
      FIREBASE_API_KEY: 'key',
      FIREBASE_DATABASE_URL: 'https://shop.firebaseio.com',
    };
    expect(loadGatewayConfig({}, '/repo').client.vitalsSampleRate).toBe(1);
    expect(loadGatewayConfig(production, '/repo').client.vitalsSampleRate).toBe(0.1);
    expect(loadGatewayConfig({ ...production, VITALS_SAMPLE_RATE: '0.5' }, '/repo').client.vitalsSampleRate).toBe(0.5);
    expect(() => loadGatewayConfig({ VITALS_SAMPLE_RATE: '2' }, '/repo')).toThrow(/VITALS_SAMPLE_RATE/);
  });
});

describe('metric labels', () => {
  it.each(['/metrics', '/METRICS/', '/api/catalog/metrics', '/api/checkout//metrics/', '/api/catalog/%6Detrics', '/api\\catalog\\metrics', '/metrics?x=1'])(
    '%s is a metrics path',
    (url) => expect(isMetricsPath(url)).toBe(true),
  );
  it.each(['/', '/shop/metrics', '/api/catalog/products', '/metricsx', '/api/catalog/products?q=metrics'])('%s is not', (url) =>
    expect(isMetricsPath(url)).toBe(false),
  );
  it('names fall-backs with a few reasons, never the message', () => {
    expect(fallbackReason('checkout has no server build')).toBe('no_server_build');
    expect(fallbackReason('loading catalog/ProductPage took longer than the render budget')).toBe('over_budget');
    expect(fallbackReason('the render took longer than its budget')).toBe('over_budget');
    expect(fallbackReason('Cannot read properties of undefined')).toBe('render_error');
  });
});

describe('the gateway metrics listener', () => {
  const space = workspace('gateway-metrics-');
  let gateway: Service;
  let metricsUrl: string;
  let checkout: http.Server;

  beforeAll(async () => {
    checkout = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => checkout.listen(0, '127.0.0.1', resolve));
    const catalog = space.track(await startCatalog(space.root));
    gateway = space.track(
      await startGateway(
        space.root,
        { catalogUrl: catalog.url, checkoutUrl: `http://127.0.0.1:${(checkout.address() as AddressInfo).port}` },
        { METRICS_PORT: '0', CONTACT_RATE_LIMIT_PER_MINUTE: '1', VITALS_RATE_LIMIT_PER_MINUTE: '3' },
      ),
    );
    // The line comes right after the storefront's: give it a moment.
    for (let i = 0; i < 50 && !/metrics at (http:\/\/[^\s"]+)/.test(gateway.output()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    metricsUrl = /metrics at (http:\/\/[^\s"]+)/.exec(gateway.output())![1]!;
  });
  afterAll(async () => {
    await space.cleanup();
    checkout.close();
  });

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };
  const get = (path: string, init?: RequestInit) => fetch(`${gateway.url}${path}`, init);
  const beacon = (body: unknown) => get('/api/vitals', { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });

  it('listens on loopback only, and answers nothing but GET /metrics', async () => {
    expect(new URL(metricsUrl).hostname).toBe('127.0.0.1');
    expect((await fetch(new URL('/', metricsUrl))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
    const text = await scrape();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('refuses every metrics path on the shop port, whoever serves it behind', async () => {
    const before = sample(await scrape(), 'gateway_metrics_path_refusals_total');
    for (const path of ['/metrics', '/api/catalog/metrics', '/api/checkout/metrics', '/API/Checkout//metrics/', '/api/catalog/%6detrics']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('# HELP');
    }
    expect(sample(await scrape(), 'gateway_metrics_path_refusals_total') - before).toBe(5);
  });

  it('counts requests by route template, never by address', async () => {
    // The gateway rendered a few pages of its own when it started (warming up): rises are counted.
    const before = await scrape();
    await get('/shop/12?utm=x');
    await get('/shop/13');
    await get('/api/checkout/orders/abc');
    await get('/no/such/page');
    const text = await scrape();
    const rise = (series: string) => sample(text, series) - sample(before, series);
    expect(rise('http_requests_total{route="/shop/:id",method="GET",status="200"}')).toBe(2);
    expect(rise('http_request_duration_seconds_count{route="/shop/:id",method="GET"}')).toBe(2);
    expect(text).toContain('http_requests_total{route="/api/checkout/*",method="GET",status="200"}');
    expect(text).toContain('http_requests_total{route="unmatched",method="GET",status="404"}');
    expect(text).not.toMatch(/route="[^"]*(12|13|abc|utm|no\/such)/);
    expect(sample(text, 'gateway_upstream_requests_total{upstream="checkout",outcome="2xx"}')).toBeGreaterThanOrEqual(1);
    // The stand-in shell build has no server part: each page is the browser's to render.
    expect(rise('gateway_server_render_fallbacks_total{route="/shop/:id",reason="no_shell_server_build"}')).toBe(2);
  });

  it("counts the catalogue cache, the calls to the catalogue and a route's own rate limit", async () => {
    const before = await scrape();
    await get('/api/catalog/products/3');
    await get('/api/catalog/products/3');
    const contact = () =>
      get('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'Hi' }),
      });
    expect((await contact()).status).toBe(201);
    expect((await contact()).status).toBe(429);
    const after = await scrape();
    const rise = (series: string) => sample(after, series) - sample(before, series);
    expect(rise('gateway_catalog_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(rise('gateway_catalog_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(rise('gateway_upstream_requests_total{upstream="catalog",outcome="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(rise('gateway_rate_limit_refusals_total{limit="contact"}')).toBe(1);
  });

  it("turns shoppers' Web Vitals into histograms per route, and refuses what is not one", async () => {
    const accepted = await beacon({
      route: '/shop/:id',
      vitals: [
        { name: 'LCP', value: 1800 },
        { name: 'INP', value: 120, interaction: { role: 'button', name: 'add-to-cart' } },
        { name: 'CLS', value: 0.05 },
        { name: 'TTFB', value: 300 },
      ],
    });
    expect(accepted.status).toBe(204);
    expect((await beacon({ route: '/shop/12', vitals: [{ name: 'LCP', value: 1 }] })).status).toBe(400);
    expect((await beacon({ route: '/', vitals: [{ name: 'LCP', value: 600_000 }] })).status).toBe(400);
    const text = await scrape();
    expect(sample(text, 'web_vitals_lcp_seconds_count{route="/shop/:id"}')).toBe(1);
    expect(sample(text, 'web_vitals_lcp_seconds_sum{route="/shop/:id"}')).toBe(1.8);
    expect(sample(text, 'web_vitals_inp_seconds_bucket{le="0.15",route="/shop/:id"}')).toBe(1);
    expect(sample(text, 'web_vitals_cls_sum{route="/shop/:id"}')).toBe(0.05);
    expect(sample(text, 'web_vitals_ttfb_seconds_count{route="/shop/:id"}')).toBe(1);
    expect(sample(text, 'web_vitals_inp_interaction_seconds_bucket{le="0.15",role="button",interaction="add-to-cart"}')).toBe(1);
    expect(text).not.toContain('route="/shop/12"');
    expect((await beacon({ route: '/', vitals: [{ name: 'CLS', value: 0 }] })).status).toBe(429);
    expect(sample(await scrape(), 'gateway_rate_limit_refusals_total{limit="vitals"}')).toBe(1);
  });
});

describe('the metrics listener of a gateway with several workers', () => {
  const space = workspace('gateway-metrics-workers-');
  afterAll(() => space.cleanup());

  it("is the primary's, and sums every worker's counts", async () => {
    const port = await freePort();
    const gateway = await startNodeService(path.join(__dirname, '..', 'main.ts'), {
      name: 'gateway',
      env: {
        PORT: String(port),
        CATALOG_URL: 'http://127.0.0.1:9',
        CHECKOUT_URL: 'http://127.0.0.1:9',
        GATEWAY_WORKERS: '2',
        SERVER_RENDERING: 'off',
        METRICS_PORT: '0',
        ...fakeFrontEndEnv(space.root),
      },
      ready: /metrics at (http:\/\/[^\s"]+)/,
    });
    try {
      await pollUntil(async () => gateway.output().includes('(2 workers)'), { timeoutMs: 60_000, what: 'the gateway and its two workers' }).catch(
        (error: Error) => {
          throw new Error(`${error.message}; the gateway printed:\n${gateway.output().slice(-3000)}`);
        },
      );
      // A new connection each time: the cluster hands each to either worker.
      for (let i = 0; i < 6; i++) await fetch(`http://127.0.0.1:${port}/remotes.json`, { headers: { connection: 'close' } });
      const text = await (await fetch(gateway.url)).text();
      expect(sample(text, 'http_requests_total{route="/remotes.json",method="GET",status="200"}')).toBe(6);
    } finally {
      await gateway.stop();
    }
  }, 120_000);
});
