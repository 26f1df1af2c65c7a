// What the shell's browser code sends to POST /api/vitals (the gateway validates it with zod in
// shell/server/vitals/vitalsRoute.ts). Types and limits only: nothing here weighs on the bundle.

export const VITALS_PATH = '/api/vitals';

/** The Core Web Vitals and TTFB; FCP is left out (LCP says more about what shoppers wait for). */
export const vitalNames = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof vitalNames)[number];

/** Most entries one beacon carries: each vital once per page view, again after a back/forward restore. */
export const MAX_ENTRIES = 16;

/**
 * What an INP is attributed to: the role of the element the shopper interacted with (its ARIA role,
 * or the one its tag implies), never its text or what was typed. 'other' is anything else.
 */
export const interactionRoles = [
  'button',
  'link',
  'searchbox',
  'combobox',
  'checkbox',
  'radio',
  'textbox',
  'listbox',
  'option',
  'tab',
  'menuitem',
  'switch',
  'slider',
  'other',
] as const;
export type InteractionRole = (typeof interactionRoles)[number];

/**
 * The interactions the shop names (a `data-interaction` attribute on the control or around it). A
 * name a remote adds is sent only once it is listed here: the gateway keeps one series per name, so
 * the list is what bounds them.
 */
export const interactionNames = ['add-to-cart', 'mini-cart', 'header-search', 'filter'] as const;
export type InteractionName = (typeof interactionNames)[number];

export interface InteractionLabel {
  role: InteractionRole;
  /** Absent when neither the control nor anything around it names a listed interaction. */
  name?: InteractionName;
}

export interface VitalsBeacon {
  /** The page's route template from routeManifest.ts ('/shop/:id'), never its address or query. */
  route: string;
  /**
   * Milliseconds, except CLS (a unitless score), as web-vitals reports them; INP with the
   * interaction it came from when the element was still in the page.
   */
  vitals: { name: VitalName; value: number; interaction?: InteractionLabel }[];
}
