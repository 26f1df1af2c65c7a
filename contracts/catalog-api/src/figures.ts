import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * GET /products/figures/search (staff): searches and empty searches since the catalogue instance
 * started, in all and per match mode (typos, exact, prefix, plain), read from its Prometheus counters.
 */
export const searchFigures = z.object({
  since: z.iso.datetime({ offset: true }).describe('When the counters started: the instance start'),
  searches: count,
  empty: count.describe('Searches that found nothing'),
  byMatch: z.record(z.string(), z.object({ searches: count, empty: count })),
});

export type SearchFigures = z.output<typeof searchFigures>;
