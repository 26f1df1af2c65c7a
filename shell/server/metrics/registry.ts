import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { httpInstruments } from 'service-kit/metrics';

// The gateway's metrics (decision 0032): one registry of its own, counted where each fact happens
// and served only on the loopback listener of service-kit/metrics, never through the shop's port.
// Every label has a bounded set of values (route templates, reasons, upstream names), never a raw
// URL or anything a shopper typed.

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds, from a cache hit (a millisecond) to a slow upstream (the proxies give up at 10 s). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const { requests: httpRequests, duration: httpDuration } = httpInstruments(registry, LATENCY_BUCKETS);

export const serverRenderDuration = new Histogram({
  name: 'gateway_server_render_duration_seconds',
  help: "A page's server render (its shell build and remote screen), by route template",
  labelNames: ['route'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const serverRenderFallbacks = new Counter({
  name: 'gateway_server_render_fallbacks_total',
  help: 'Pages (or their screen) left to the browser to render, by route template and reason',
  labelNames: ['route', 'reason'] as const,
  registers: [registry],
});

export const catalogCache = new Counter({
  name: 'gateway_catalog_cache_requests_total',
  help: "Public catalogue reads by the gateway's cache result: hit, miss (asked the catalogue) or revalidated",
  labelNames: ['result'] as const,
  registers: [registry],
});

export const pageCache = new Counter({
  name: 'gateway_page_cache_requests_total',
  help: 'Server-rendered pages by where they came from: the shared page cache (hit, stale), a render of their own (miss) or a render another request started (coalesced)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const upstreamRequests = new Counter({
  name: 'gateway_upstream_requests_total',
  help: 'Calls proxied to a service, by upstream and outcome (status class, or unavailable)',
  labelNames: ['upstream', 'outcome'] as const,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'gateway_rate_limit_refusals_total',
  help: 'Requests refused with 429, by limit (global, catalog, contact, vitals)',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const metricsPathRefusals = new Counter({
  name: 'gateway_metrics_path_refusals_total',
  help: 'Requests for a metrics path through the public port, answered 404',
  registers: [registry],
});

// Real shoppers' Web Vitals (POST /api/vitals), per route template of the shell's route manifest.
// Buckets around Google's thresholds (good / needs improvement / poor) so p75 is read precisely there.
const INP_BUCKETS = [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5];
const vital = (name: string, help: string, buckets: number[]) => new Histogram({ name, help, labelNames: ['route'] as const, buckets, registers: [registry] });

export const webVitals = {
  LCP: vital('web_vitals_lcp_seconds', "Largest Contentful Paint in shoppers' browsers (good below 2.5 s)", [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20]),
  INP: vital('web_vitals_inp_seconds', "Interaction to Next Paint in shoppers' browsers (good below 0.2 s)", INP_BUCKETS),
  CLS: vital('web_vitals_cls', "Cumulative Layout Shift in shoppers' browsers (good below 0.1)", [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2]),
  TTFB: vital('web_vitals_ttfb_seconds', "Time to First Byte in shoppers' browsers (good below 0.8 s)", [0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.5, 2, 3, 5, 10]),
} as const;

/** The `interaction` label of an INP whose element is in no listed interaction (it has its role still). */
export const UNNAMED_INTERACTION = 'unnamed';

/**
 * INP by what the shopper interacted with, across routes: the role of the element and the listed
 * interaction around it (shell/src/vitals/beacon.ts lists both, so the series are bounded).
 */
export const webVitalInteractions = new Histogram({
  name: 'web_vitals_inp_interaction_seconds',
  help: "Interaction to Next Paint in shoppers' browsers by the element's role and the named interaction (good below 0.2 s)",
  labelNames: ['role', 'interaction'] as const,
  buckets: INP_BUCKETS,
  registers: [registry],
});
