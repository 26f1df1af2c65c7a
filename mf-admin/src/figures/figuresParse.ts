/**
 * The checkout's figures per hour (GET /api/checkout/staff/figures, mf-checkout/server/staff/figures.ts),
 * checked before the page draws them: a service deployed ahead of or behind this remote shows as one error.
 */
import { UnexpectedAnswerError } from '../api/parse.ts';

export interface HourFigures {
  /** The hour's start, an ISO instant on the hour (UTC). */
  start: string;
  orders: number;
  revenueCents: number;
  paymentFailures: number;
}

export interface Figures {
  hours: HourFigures[];
  currency: string;
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function hour(value: unknown, index: number): HourFigures {
  const row = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { start, orders, revenueCents, paymentFailures } = row;
  if (typeof start !== 'string' || Number.isNaN(Date.parse(start))) throw new UnexpectedAnswerError(`hours[${index}].start`);
  if (!isCount(orders) || !isCount(revenueCents) || !isCount(paymentFailures)) throw new UnexpectedAnswerError(`hours[${index}] counts`);
  return { start, orders, revenueCents, paymentFailures };
}

export function parseFigures(body: unknown): Figures {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!Array.isArray(answer.hours)) throw new UnexpectedAnswerError('no hours list');
  if (typeof answer.currency !== 'string') throw new UnexpectedAnswerError('currency');
  return { hours: answer.hours.map(hour), currency: answer.currency };
}
