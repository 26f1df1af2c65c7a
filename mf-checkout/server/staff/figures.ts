import { figuresQuery, type FiguresAnswer } from 'orders-api/staff';
import { validationError } from '../http/errors.ts';
import { CURRENCY } from '../orders/orderSteps.ts';
import type { HourFigures, OrderRepository } from '../storage/repository.ts';

const HOUR_MS = 3_600_000;

/** The last `hours` whole and current hours, oldest first, ending with the hour `now` is in. */
export function hourWindow(hours: number, now: Date): { from: string; to: string; starts: string[] } {
  const current = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const starts = Array.from({ length: hours }, (_, index) => new Date(current - (hours - 1 - index) * HOUR_MS).toISOString());
  return { from: starts[0]!, to: new Date(current + HOUR_MS).toISOString(), starts };
}

/** Every hour of the window, an hour the store had no orders in as zeros. */
export function fillHours(starts: readonly string[], rows: readonly HourFigures[]): FiguresAnswer['hours'] {
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  return starts.map((start) => {
    const row = byHour.get(start);
    return { start, orders: row?.orders ?? 0, revenueCents: row?.revenueCents ?? 0, paymentFailures: row?.paymentFailures ?? 0 };
  });
}

/** Orders and revenue (orders that were paid, by the hour they were placed in) and failed orders per hour. */
export async function staffFigures(repository: Pick<OrderRepository, 'figuresByHour'>, query: unknown, now = new Date()): Promise<FiguresAnswer> {
  const parsed = figuresQuery.safeParse(query ?? {});
  if (!parsed.success) throw validationError('figures query', parsed.error);
  const window = hourWindow(parsed.data.hours, now);
  const rows = await repository.figuresByHour(window.from, window.to);
  return { hours: fillHours(window.starts, rows), currency: CURRENCY };
}
