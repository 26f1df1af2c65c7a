import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { httpInstruments } from 'service-kit/metrics';

// The catalogue's metrics (decision 0032): one registry of its own, counted where each fact happens
// and served only on the listener of service-kit/metrics (METRICS_PORT), never on the API's port.
// Labels take a few fixed values each: never a query, a product id or an address.

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds, from a cached product (a millisecond) to a slow listing or import page. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const { requests: httpRequests, duration: httpDuration } = httpInstruments(registry, LATENCY_BUCKETS);

const searches = new Counter({
  name: 'catalog_search_queries_total',
  help: 'Searches with words, by engine (words: the word index; listing: the store) and match mode',
  labelNames: ['engine', 'match'] as const,
  registers: [registry],
});

const emptySearches = new Counter({
  name: 'catalog_search_empty_total',
  help: 'Searches with words that found nothing, by engine and match mode',
  labelNames: ['engine', 'match'] as const,
  registers: [registry],
});

const productCache = new Counter({
  name: 'catalog_product_cache_requests_total',
  help: "Products read through the catalogue's product cache, by result (hit or miss)",
  labelNames: ['result'] as const,
  registers: [registry],
});

const stockRefusals = new Counter({
  name: 'catalog_stock_refusals_total',
  help: 'Stock API calls refused, by reason (short, unknown_product, conflict, return_refused, unauthorized)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

const importRows = new Counter({
  name: 'catalog_import_rows_total',
  help: 'Product records read by an import, by outcome (accepted, refused)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** The word index's modes (prefix: suggestions while typing; exact: typos off), or the store's plain filter. */
export type SearchMatch = 'typos' | 'exact' | 'prefix' | 'plain';

/** One search with words in it, and whether it found anything. */
export function recordSearch(engine: 'words' | 'listing', match: SearchMatch, total: number): void {
  searches.inc({ engine, match });
  if (total === 0) emptySearches.inc({ engine, match });
}

/** Products a read found in the product cache, and those it had to read from the store. */
export function recordProductCache(hits: number, misses: number): void {
  if (hits > 0) productCache.inc({ result: 'hit' }, hits);
  if (misses > 0) productCache.inc({ result: 'miss' }, misses);
}

export type StockRefusal = 'short' | 'unknown_product' | 'conflict' | 'return_refused' | 'unauthorized';

export function recordStockRefusal(reason: StockRefusal): void {
  stockRefusals.inc({ reason });
}

/** One source record of an import: accepted (a product to store) or refused (its reason goes to the report). */
export function recordImportRow(outcome: 'accepted' | 'refused'): void {
  importRows.inc({ outcome });
}
