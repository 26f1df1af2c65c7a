import { z } from 'zod';
import { interactionNames, interactionRoles, MAX_ENTRIES, vitalNames, type VitalName } from '../../src/vitals/beacon.ts';
import { routeManifest } from '../../src/app/routeManifest.ts';

// A Web Vitals beacon as the gateway accepts it (POST /api/vitals, shell/src/vitals/reportVitals.ts
// sends it). Every value that becomes a metric label comes from a fixed list, so a beacon can never
// add a series: the route templates of the manifest, the roles and the listed interaction names.

const knownRoutes = new Set(routeManifest.map((entry) => entry.path));

/**
 * Upper bounds of a believable measurement: a page that took longer than a minute to paint or to
 * answer a tap was measured wrongly (a tab left in the background), and would skew every quantile.
 */
const ceilings: Record<VitalName, number> = { LCP: 60_000, INP: 60_000, TTFB: 60_000, CLS: 10 };

const interactionSchema = z.object({ role: z.enum(interactionRoles), name: z.enum(interactionNames).optional() }).strict();

export const beaconSchema = z
  .object({
    route: z.string().refine((route) => knownRoutes.has(route), 'not a route of the shop'),
    vitals: z
      .array(
        z
          .object({ name: z.enum(vitalNames), value: z.number().finite().min(0), interaction: interactionSchema.optional() })
          .strict()
          .refine((vital) => vital.value <= ceilings[vital.name], 'value out of bounds')
          .refine((vital) => vital.interaction === undefined || vital.name === 'INP', 'only INP comes from an interaction'),
      )
      .min(1)
      .max(MAX_ENTRIES),
  })
  .strict();

export type AcceptedBeacon = z.infer<typeof beaconSchema>;
