import { fireEvent, render, screen, within } from '@testing-library/react';
import { StaffApiError, type StaffApi } from '../api/staffApi.ts';
import FiguresPage from './FiguresPage.tsx';
import type { SearchFigures } from 'catalog-api/figures';
import type { VitalsFigures } from 'gateway-api/figures';
import type { FiguresAnswer as Figures } from 'orders-api/staff';

const HOUR = 3_600_000;

/** The last 24 hours ending with the current one, all zero except those given (by hours back from now). */
function day(values: Record<number, { orders?: number; revenueCents?: number; paymentFailures?: number }> = {}): Figures {
  const current = Math.floor(Date.now() / HOUR) * HOUR;
  const hours = Array.from({ length: 24 }, (_, index) => ({
    start: new Date(current - (23 - index) * HOUR).toISOString(),
    orders: 0,
    revenueCents: 0,
    paymentFailures: 0,
    ...values[23 - index],
  }));
  return { hours, currency: 'usd' };
}

const SINCE = '2026-11-27T05:00:00.000Z';
const noSearches: SearchFigures = { since: SINCE, searches: 0, empty: 0, byMatch: {} };
const noViews: VitalsFigures = { since: SINCE, routes: [], interactions: [] };

function fakeApi(...answers: (Figures | Error)[]) {
  return fakeShop({ searches: noSearches, vitals: noViews }, ...answers);
}

function fakeShop(shop: { searches: SearchFigures | Error; vitals: VitalsFigures | Error }, ...answers: (Figures | Error)[]) {
  const answer = <T,>(value: T | Error) => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value));
  const figures = jest.fn((_hours: number) => {
    const answer = answers.shift() ?? new Error('no more answers');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
  const api: StaffApi = {
    listOrders: () => Promise.reject(new Error('not used')),
    order: () => Promise.reject(new Error('not used')),
    act: () => Promise.reject(new Error('not used')),
    figures,
    searchFigures: () => answer(shop.searches),
    vitalsFigures: () => answer(shop.vitals),
  };
  return { api, figures };
}

test("today's totals above three charts, each with the numbers behind a disclosure", async () => {
  const { api, figures } = fakeApi(day({ 0: { orders: 2, revenueCents: 4500, paymentFailures: 1 } }));
  render(<FiguresPage api={api} />);
  expect(screen.getByRole('status').textContent).toBe('Loading the figures…');
  expect(await screen.findByTestId('orders-today')).toHaveProperty('textContent', '2');
  expect(figures).toHaveBeenCalledWith(24);
  expect(screen.getByText('Revenue today').nextElementSibling?.textContent).toBe('$45.00');
  expect(screen.getByText('Payment failures today').nextElementSibling?.textContent).toBe('1');

  const charts = screen.getAllByRole('figure');
  expect(charts.map((chart) => chart.querySelector('figcaption > span')?.textContent)).toEqual([
    'Orders per hour',
    'Revenue per hour',
    'Payment failures per hour',
  ]);
  expect(screen.getByRole('figure', { name: /^Orders per hour 2 in the last 24 hours/ })).toBe(charts[0]);
  const orders = charts[0]!;
  expect(orders.textContent).toContain('2 in the last 24 hours; the most, 2, in the hour from');
  expect(orders.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  expect(orders.querySelectorAll('rect')).toHaveLength(24);
  const rows = within(orders).getAllByRole('row', { hidden: true });
  expect(rows).toHaveLength(25);
  expect(rows.at(-1)!.querySelector('td')!.textContent).toBe('2');
  expect(within(charts[1]!).getAllByRole('row', { hidden: true }).at(-1)!.querySelector('td')!.textContent).toBe('$45.00');
});

test('a quiet day says so instead of drawing empty charts', async () => {
  render(<FiguresPage api={fakeApi(day()).api} />);
  expect(await screen.findByText('No order was paid and no payment failed in the last 24 hours.')).toBeTruthy();
  expect(screen.queryAllByRole('figure')).toEqual([]);
  expect(screen.getByTestId('orders-today').textContent).toBe('0');
});

test('a failure shows the reason, and trying again loads the figures', async () => {
  const { api, figures } = fakeApi(new StaffApiError(0, 'the shop could not be reached'), day({ 3: { orders: 5 } }));
  render(<FiguresPage api={api} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The figures could not be loaded: the shop could not be reached');
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findAllByRole('figure')).toHaveLength(3);
  expect(figures).toHaveBeenCalledTimes(2);
});

test('searches, empty searches and their share; real shoppers per route, each rated by Google’s thresholds', async () => {
  const vitals: VitalsFigures = {
    since: SINCE,
    routes: [
      { route: '/', views: 12, lcpP75: 1800, inpP75: 350, interactions: 10 },
      { route: '/product/:id', views: 3, lcpP75: 4600, inpP75: null, interactions: 0 },
    ],
    interactions: [
      { role: 'combobox', interaction: 'header-search', count: 5, inpP75: 240 },
      { role: 'button', interaction: 'add-to-cart', count: 9, inpP75: 90 },
      { role: 'link', interaction: 'unnamed', count: 2, inpP75: 60 },
    ],
  };
  render(<FiguresPage api={fakeShop({ searches: { since: SINCE, searches: 8, empty: 2, byMatch: {} }, vitals }, day()).api} />);
  expect(await screen.findByTestId('empty-searches')).toHaveProperty('textContent', '2');
  expect(screen.getByTestId('searches').textContent).toBe('8');
  expect(screen.getByText('Share found nothing').nextElementSibling?.textContent).toBe('25%');
  const table = await screen.findByTestId('vitals');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
    ['/', '12', '1.8 s (good)', '350 ms (needs improvement)'],
    ['/product/:id', '3', '4.6 s (poor)', '–'],
  ]);
  const byInteraction = screen.getByRole('table', { name: /^INP by interaction/ });
  expect(byInteraction).toBe(screen.getByTestId('interactions'));
  expect(
    within(byInteraction)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  ).toEqual([
    ['header-search', 'combobox', '5', '240 ms (needs improvement)'],
    ['add-to-cart', 'button', '9', '90 ms (good)'],
    ['unnamed', 'link', '2', '60 ms (good)'],
  ]);
  expect(screen.getByText(/per service instance since it started; Grafana keeps the history/)).toBeTruthy();
});

test('no views yet, and a refused block says why while the rest of the page stands', async () => {
  const shop = { searches: new StaffApiError(403, 'Staff only'), vitals: noViews };
  render(<FiguresPage api={fakeShop(shop, day()).api} />);
  expect(await screen.findByText('No views yet.')).toBeTruthy();
  expect(screen.getByText('No interaction measured yet.')).toBeTruthy();
  expect((await screen.findByRole('alert')).textContent).toBe('The figures could not be loaded: Staff only');
  expect(screen.getByTestId('orders-today').textContent).toBe('0');
});
