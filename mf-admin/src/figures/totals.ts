import type { FiguresAnswer } from 'orders-api/staff';

type HourFigures = FiguresAnswer['hours'][number];

export interface Totals {
  orders: number;
  revenueCents: number;
  paymentFailures: number;
}

/** The figures of the hours that began since midnight where the staff member is (the browser's time zone). */
export function todayTotals(hours: readonly HourFigures[], now: Date): Totals {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return hours
    .filter((hour) => Date.parse(hour.start) >= midnight.getTime())
    .reduce<Totals>(
      (sum, hour) => ({
        orders: sum.orders + hour.orders,
        revenueCents: sum.revenueCents + hour.revenueCents,
        paymentFailures: sum.paymentFailures + hour.paymentFailures,
      }),
      { orders: 0, revenueCents: 0, paymentFailures: 0 },
    );
}

/** Nothing was paid and nothing failed in the whole window. */
export const isQuiet = (hours: readonly HourFigures[]): boolean => hours.every((hour) => hour.orders === 0 && hour.paymentFailures === 0);
