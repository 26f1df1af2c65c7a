import type { FastifyInstance } from 'fastify';
import { VITALS_PATH } from '../../src/vitals/beacon.ts';
import { VITALS_BODY_LIMIT } from '../bodyLimits.ts';
import { UNNAMED_INTERACTION, webVitalInteractions, webVitals } from '../metrics/registry.ts';
import { beaconSchema } from './beaconSchema.ts';

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
 * web_vitals_*{route}, and INP again by what the shopper interacted with,
 * web_vitals_inp_interaction_seconds{role, interaction}. Nothing about the shopper is kept: a route
 * template, four numbers and the interaction's role and listed name.
 * `config`: the route's rate limit tier.
 */
export function registerVitalsRoute(app: FastifyInstance, options: { config?: object } = {}): void {
  app.post(VITALS_PATH, { bodyLimit: VITALS_BODY_LIMIT, config: options.config ?? {} }, async (request, reply) => {
    const parsed = beaconSchema.safeParse(parseBody(request.body));
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'not a Web Vitals beacon' });
    const { route, vitals } = parsed.data;
    // Histograms in seconds, as Prometheus names its units; CLS has none.
    for (const { name, value, interaction } of vitals) {
      webVitals[name].observe({ route }, name === 'CLS' ? value : value / 1000);
      if (interaction) webVitalInteractions.observe({ role: interaction.role, interaction: interaction.name ?? UNNAMED_INTERACTION }, value / 1000);
    }
    return reply.code(204).send();
  });
}
