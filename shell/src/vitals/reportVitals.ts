// Module by module (the package's entry points are two whole bundles): INP's attribution build
// wraps the same onINP the others share their helpers with, so nothing is shipped twice.
import type { INPMetricWithAttribution, Metric } from 'web-vitals';
import { onCLS } from 'web-vitals/onCLS.js';
import { onLCP } from 'web-vitals/onLCP.js';
import { onTTFB } from 'web-vitals/onTTFB.js';
import { onINP } from 'web-vitals/attribution/onINP.js';
import { MAX_ENTRIES, VITALS_PATH, vitalNames, type VitalName, type VitalsBeacon } from './beacon.ts';
import { interactionFromTarget, interactionTarget } from './interaction.ts';

const isVital = (name: string): name is VitalName => (vitalNames as readonly string[]).includes(name);

/**
 * Collects the page's vitals as web-vitals settles them and sends them in one beacon when the page
 * is hidden or left (the moment web-vitals finalises CLS and INP, and often the last chance to send
 * anything). A string is sent as text/plain: no preflight, and nothing but the route, four numbers
 * and what INP's interaction was (the role of its element and the interaction's listed name).
 */
export function reportVitals(route: string, send: (body: string) => boolean = (body) => navigator.sendBeacon(VITALS_PATH, body)): void {
  let queued: VitalsBeacon['vitals'] = [];
  const queue = (metric: Metric) => {
    if (isVital(metric.name) && queued.length < MAX_ENTRIES) queued.push({ name: metric.name, value: metric.value });
  };
  const queueInp = (metric: INPMetricWithAttribution) => {
    if (queued.length >= MAX_ENTRIES) return;
    const interaction = interactionFromTarget(metric.attribution.interactionTarget);
    queued.push(interaction ? { name: 'INP', value: metric.value, interaction } : { name: 'INP', value: metric.value });
  };
  const flush = () => {
    if (queued.length === 0) return;
    const beacon: VitalsBeacon = { route, vitals: queued };
    queued = [];
    send(JSON.stringify(beacon));
  };
  onLCP(queue);
  // The attribution build names the interaction's element through generateTarget, where it is
  // still in the page; only the label made of it is kept.
  onINP(queueInp, { generateTarget: interactionTarget });
  onCLS(queue);
  onTTFB(queue);
  // Registered after web-vitals' own listeners (on window, capturing), so what they settle on
  // hiding is queued before this sends.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  // Says measuring has begun (the browser test waits for it before leaving the page).
  document.documentElement.dataset.vitals = 'on';
}
