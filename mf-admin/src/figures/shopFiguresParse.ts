/**
 * The shop's live counts beside the orders: searches (GET /api/catalog/products/figures/search, the
 * catalogue) and real shoppers' Web Vitals per route and INP per interaction (GET
 * /api/figures/vitals, the gateway). Both count since their instance started; checked before the
 * page shows them.
 */
import { UnexpectedAnswerError } from '../api/parse.ts';

export interface SearchFigures {
  since: string;
  searches: number;
  empty: number;
}

export interface RouteVitals {
  route: string;
  views: number;
  /** Milliseconds, null when not measured (INP needs an interaction). */
  lcpP75: number | null;
  inpP75: number | null;
}

/** INP by what the shopper interacted with: the element's role and the shop's name for the interaction. */
export interface InteractionVitals {
  role: string;
  /** 'add-to-cart', 'header-search', ...; 'unnamed' where the element is in no named interaction. */
  interaction: string;
  count: number;
  inpP75: number | null;
}

export interface VitalsFigures {
  since: string;
  routes: RouteVitals[];
  interactions: InteractionVitals[];
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isMs = (value: unknown): value is number | null => value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
const record = (value: unknown) => (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;

function since(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new UnexpectedAnswerError('since');
  return value;
}

export function parseSearchFigures(body: unknown): SearchFigures {
  const answer = record(body);
  if (!isCount(answer.searches) || !isCount(answer.empty)) throw new UnexpectedAnswerError('search counts');
  return { since: since(answer.since), searches: answer.searches, empty: answer.empty };
}

function routeVitals(value: unknown, index: number): RouteVitals {
  const { route, views, lcpP75, inpP75 } = record(value);
  if (typeof route !== 'string' || !isCount(views) || !isMs(lcpP75) || !isMs(inpP75)) throw new UnexpectedAnswerError(`routes[${index}]`);
  return { route, views, lcpP75, inpP75 };
}

function interactionVitals(value: unknown, index: number): InteractionVitals {
  const { role, interaction, count, inpP75 } = record(value);
  if (typeof role !== 'string' || typeof interaction !== 'string' || !isCount(count) || !isMs(inpP75))
    throw new UnexpectedAnswerError(`interactions[${index}]`);
  return { role, interaction, count, inpP75 };
}

export function parseVitalsFigures(body: unknown): VitalsFigures {
  const answer = record(body);
  if (!Array.isArray(answer.routes)) throw new UnexpectedAnswerError('no routes list');
  // A gateway released before INP was attributed sends no interactions: none measured, not an error.
  const interactions = answer.interactions === undefined ? [] : answer.interactions;
  if (!Array.isArray(interactions)) throw new UnexpectedAnswerError('interactions');
  return { since: since(answer.since), routes: answer.routes.map(routeVitals), interactions: interactions.map(interactionVitals) };
}

export type Rating = 'good' | 'improve' | 'poor';

/** Google's thresholds for the 75th percentile: LCP 2.5 s / 4 s, INP 200 ms / 500 ms. */
const THRESHOLDS = { lcp: [2500, 4000], inp: [200, 500] } as const;

export function rate(metric: keyof typeof THRESHOLDS, ms: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return ms <= good ? 'good' : ms <= poor ? 'improve' : 'poor';
}
