// What the shell's browser code sends to POST /api/vitals (the gateway validates it with zod in
// shell/server/vitals/vitalsRoute.ts). Types and limits only: nothing here weighs on the bundle.

export const VITALS_PATH = '/api/vitals';

/** The Core Web Vitals and TTFB; FCP is left out (LCP says more about what shoppers wait for). */
export const vitalNames = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof vitalNames)[number];

/** Most entries one beacon carries: each vital once per page view, again after a back/forward restore. */
export const MAX_ENTRIES = 16;

export interface VitalsBeacon {
  /** The page's route template from routeManifest.ts ('/shop/:id'), never its address or query. */
  route: string;
  /** Milliseconds, except CLS (a unitless score), as web-vitals reports them. */
  vitals: { name: VitalName; value: number }[];
}
