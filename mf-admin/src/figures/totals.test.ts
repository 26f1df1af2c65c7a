import { isQuiet, todayTotals } from './totals.ts';

const hourAt = (date: Date, values: Partial<{ orders: number; revenueCents: number; paymentFailures: number }> = {}) => ({
  start: date.toISOString(),
  orders: 0,
  revenueCents: 0,
  paymentFailures: 0,
  ...values,
});

test("today's totals add the hours since local midnight only", () => {
  const now = new Date(2026, 10, 27, 5, 20);
  const hours = [
    hourAt(new Date(2026, 10, 26, 23), { orders: 9, revenueCents: 9000, paymentFailures: 9 }),
    hourAt(new Date(2026, 10, 27, 0), { orders: 1, revenueCents: 1250 }),
    hourAt(new Date(2026, 10, 27, 5), { orders: 2, revenueCents: 750, paymentFailures: 1 }),
  ];
  expect(todayTotals(hours, now)).toEqual({ orders: 3, revenueCents: 2000, paymentFailures: 1 });
  expect(isQuiet(hours)).toBe(false);
  expect(isQuiet([hourAt(now)])).toBe(true);
});
