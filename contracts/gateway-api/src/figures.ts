import { z } from 'zod';

const count = z.number().int().min(0);
/** Milliseconds at the 75th percentile; null when nothing was measured (INP needs an interaction). */
const p75 = z.number().min(0).nullable();

export const routeVitals = z.object({
  route: z.string().describe("The route's template, e.g. /shop/:id"),
  views: count,
  lcpP75: p75,
  inpP75: p75,
  interactions: count.describe('Views in which the shopper interacted (INP is measured only then)'),
});

export const interactionVitals = z.object({
  role: z.string().describe("The role of the element the shopper interacted with, e.g. 'button'"),
  interaction: z.string().describe("The shop's name for the interaction ('add-to-cart', 'header-search', ...) or 'unnamed'"),
  count,
  inpP75: p75,
});

/**
 * GET /api/figures/vitals (staff): real shoppers' Web Vitals since the gateway instance started.
 * `interactions` came in with INP's attribution: a gateway released before it sends none, which
 * reads as none measured.
 */
export const vitalsFigures = z.object({
  since: z.iso.datetime({ offset: true }),
  routes: z.array(routeVitals),
  interactions: z.array(interactionVitals).default([]),
});

export type RouteVitals = z.output<typeof routeVitals>;
export type InteractionVitals = z.output<typeof interactionVitals>;
export type VitalsFigures = z.output<typeof vitalsFigures>;

/** What the gateway refuses with (not staff, signing in cannot be checked). */
export const problem = z.object({ message: z.string() });
