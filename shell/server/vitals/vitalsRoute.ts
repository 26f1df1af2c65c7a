import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_ENTRIES, VITALS_PATH, vitalNames, type VitalName } from '../../src/vitals/beacon.ts';
import { routeManifest } from '../../src/app/routeManifest.ts';
import { webVitals } from '../metrics/registry.ts';

const knownRoutes = new Set(routeManifest.map((entry) => entry.path));

/**
 * Upper bounds of a believable measurement: a page that took longer than a minute to paint or to
 * answer a tap was measured wrongly (a tab left in the background), and would skew every quantile.
 */
const ceilings: Record<VitalName, number> = { LCP: 60_000, INP: 60_000, TTFB: 60_000, CLS: 10 };

const beaconSchema = z
  .object({
    route: z.string().refine((route) => knownRoutes.has(route), 'not a route of the shop'),
    vitals: z
      .array(
        z
          .object({ name: z.enum(vitalNames), value: z.number().finite().min(0) })
          .strict()
          .refine((vital) => vital.value <= ceilings[vital.name], 'value out of bounds'),
      )
      .min(1)
      .max(MAX_ENTRIES),
  })
  .strict();

/** Whatever a beacon's body came as: sendBeacon sends a string as text/plain (no preflight, no Blob type quirks). */
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/vitals: real shoppers' Web Vitals from the shell (src/vitals), into the histograms
 * web_vitals_*{route}. Nothing about the shopper is kept: a route template and four numbers.
 * `config`: the route's rate limit tier.
 */
export function registerVitalsRoute(app: FastifyInstance, options: { config?: object } = {}): void {
  app.post(VITALS_PATH, { bodyLimit: 4 * 1024, config: options.config ?? {} }, async (request, reply) => {
    const parsed = beaconSchema.safeParse(parseBody(request.body));
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'not a Web Vitals beacon' });
    const { route, vitals } = parsed.data;
    // Histograms in seconds, as Prometheus names its units; CLS has none.
    for (const { name, value } of vitals) webVitals[name].observe({ route }, name === 'CLS' ? value : value / 1000);
    return reply.code(204).send();
  });
}
