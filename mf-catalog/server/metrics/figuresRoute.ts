// GET /products/figures/search: the back office's "Searches" block (#38 point 6). The numbers are read
// from the counters Prometheus scrapes (registry.ts), so the page and Grafana never disagree; they
// count since this instance started, as the counters do. Staff only, by the catalogue's write check.
import { searchFigures as searchFiguresAnswer, type SearchFigures } from 'catalog-api/figures';
import { problem } from 'catalog-api/products';
import type { FastifyInstance } from 'fastify';
import type { Counter } from 'prom-client';
import { answerCheck } from 'service-kit/answer-check';
import { authorizeWrite, type WriteAccessOptions } from '../staff/writeAccess.ts';
import { registry } from './registry.ts';

/** Sums a counter's values per match label (engines together). */
async function perMatch(name: string): Promise<Map<string, number>> {
  const metric = registry.getSingleMetric(name) as Counter | undefined;
  const sums = new Map<string, number>();
  if (!metric) return sums;
  for (const { labels, value } of (await metric.get()).values) {
    const match = String(labels.match ?? 'plain');
    sums.set(match, (sums.get(match) ?? 0) + value);
  }
  return sums;
}

export async function searchFigures(): Promise<SearchFigures> {
  const [searches, empty] = await Promise.all([perMatch('catalog_search_queries_total'), perMatch('catalog_search_empty_total')]);
  const byMatch: SearchFigures['byMatch'] = {};
  for (const match of searches.keys()) byMatch[match] = { searches: searches.get(match) ?? 0, empty: empty.get(match) ?? 0 };
  const total = (sums: Map<string, number>) => [...sums.values()].reduce((sum, value) => sum + value, 0);
  return {
    since: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    searches: total(searches),
    empty: total(empty),
    byMatch,
  };
}

export function registerSearchFiguresRoute(app: FastifyInstance, access: WriteAccessOptions): void {
  app.get('/products/figures/search', { preSerialization: answerCheck(searchFiguresAnswer, problem) }, async (request, reply) => {
    await authorizeWrite(request, reply, access);
    reply.header('cache-control', 'no-store');
    return searchFigures();
  });
}
