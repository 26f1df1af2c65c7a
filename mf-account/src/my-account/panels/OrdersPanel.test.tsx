/** @jest-environment jsdom */
import '../../testing/polyfills.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { shopperOrderExample } from 'orders-api/testing';
import { accountSession } from '../../auth/instance.ts';
import type { SyncOutcome } from '../../auth/tokenSync.ts';
import { createFakeService, type FakeService } from '../../testing/fakeService.ts';
import { flush, renderAt, setLanguage } from '../../testing/render.tsx';
import type { OwnRecord } from '../useOwnRecord.ts';
import { OrdersPanel } from './OrdersPanel.tsx';

const mockService: FakeService = createFakeService();
jest.mock('../../auth/firebaseConnection.ts', () => ({ connectAccountService: () => Promise.resolve(mockService) }));

const synced: SyncOutcome = { ok: true, session: { uid: 'u1', email: 'ann@example.com', expiresAt: Date.now() + 30 * 60_000 } };
const paidAt = '2026-03-02T10:00:00.000Z';
const shipment = { carrier: 'dhl', carrierName: 'DHL', trackingNumber: 'JD0123456789', trackingUrl: 'https://www.dhl.com/track?AWB=JD0123456789' };
const shipped = {
  ...shopperOrderExample,
  id: 'o1',
  number: 1042,
  status: 'shipped',
  createdAt: paidAt,
  totalCents: 4599,
  refundedCents: 0,
  lines: [{ productId: '1', title: 'Oak Side Table', unitCents: 4599, quantity: 1, lineCents: 4599 }],
  timeline: [
    { type: 'payment_succeeded', status: 'paid', at: paidAt },
    { type: 'packed', status: 'packed', at: '2026-03-03T08:15:00.000Z' },
    { type: 'shipped', status: 'shipped', at: '2026-03-03T16:40:00.000Z', shipment },
  ],
};
const refunded = {
  ...shipped,
  id: 'o2',
  number: 1043,
  status: 'refunded',
  timeline: [
    { type: 'payment_succeeded', status: 'paid', at: paidAt },
    { type: 'refund_succeeded', status: 'refunded', at: '2026-03-04T09:00:00.000Z', amountCents: 4599, lines: [] },
  ],
};

type Answer = { status: number; body?: unknown } | Error;
let answers: Answer[] = [];
const fetchMock = jest.fn(async (_input: string, _init?: RequestInit) => {
  const answer = answers.shift() ?? { status: 200, body: { orders: [] } };
  if (answer instanceof Error) throw answer;
  return { status: answer.status, ok: answer.status < 300, json: async () => answer.body } as Response;
});

function renderPanel() {
  const props = {
    user: { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' },
    confirmed: true,
    own: {} as OwnRecord,
    name: 'Ann',
    select: () => undefined,
    logOut: () => undefined,
  };
  return renderAt(<OrdersPanel {...props} />, '/my-account?tab=orders');
}

beforeEach(() => {
  setLanguage('en');
  answers = [];
  fetchMock.mockClear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(accountSession, 'ensureCheckoutSession').mockResolvedValue(synced);
});

describe('OrdersPanel', () => {
  it('says it is loading, then shows each order with its status in words and its timeline', async () => {
    answers = [{ status: 200, body: { orders: [shipped, refunded] } }];
    renderPanel();
    expect(screen.getByRole('status').textContent).toBe('Loading your orders…');
    const table = await screen.findByTestId('orders-table');
    const row = within(table).getByRole('row', { name: /#1042/ });
    expect(within(row).getByTestId('order-status').textContent).toBe('Shipped');

    const timeline = within(row).getByRole('list', { name: 'History of order #1042' });
    expect(timeline.tagName).toBe('OL');
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span')?.textContent)).toEqual(['Paid', 'Packed', 'Shipped']);
    for (const step of steps) expect(step.querySelector('time')?.getAttribute('dateTime')).toMatch(/^2026-03-0\dT/);
    expect(steps[0]?.querySelector('time')?.textContent).toMatch(/Mar \d, 2026/);

    const link = within(steps[2]!).getByRole('link', { name: 'DHL JD0123456789 (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(shipment.trackingUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const second = within(table).getByRole('row', { name: /#1043/ });
    expect(within(second).getByTestId('order-status').textContent).toBe('Refunded');
    expect(within(second).getByRole('list', { name: 'History of order #1043' }).textContent).toContain('Refunded $45.99');
  });

  it('speaks Russian: status words, steps and dates', async () => {
    setLanguage('ru');
    answers = [{ status: 200, body: { orders: [shipped] } }];
    renderPanel();
    const table = await screen.findByTestId('orders-table');
    expect(within(table).getByTestId('order-status').textContent).toBe('Отправлен');
    const timeline = within(table).getByRole('list', { name: 'История заказа №1042' });
    expect(timeline.textContent).toContain('Оплачен');
    expect(timeline.textContent).toMatch(/2 мар\.? 2026/);
    expect(within(timeline).getByRole('link', { name: 'DHL JD0123456789 (откроется в новой вкладке)' })).toBeTruthy();
  });

  it('shows a partial refund beside a status that goes on, and no list for an order without history', async () => {
    const old = { ...shipped, id: 'o3', number: 1001, status: 'paid', refundedCents: 1000, timeline: [] };
    answers = [{ status: 200, body: { orders: [old] } }];
    renderPanel();
    const table = await screen.findByTestId('orders-table');
    expect(within(table).getByTestId('order-status').textContent).toBe('Paid');
    expect(table.textContent).toContain('$10.00 refunded');
    expect(within(table).queryByRole('list', { name: /History of order/ })).toBeNull();
  });

  it('offers the shop when there is no order yet', async () => {
    answers = [{ status: 200, body: { orders: [] } }];
    renderPanel();
    const empty = await screen.findByTestId('orders-empty');
    expect(empty.textContent).toContain('No order has been made yet.');
    expect(within(empty).getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/shop');
  });

  it('says when the orders could not be loaded, and tries again on request', async () => {
    answers = [{ status: 503 }, { status: 200, body: { orders: [shipped] } }];
    renderPanel();
    const alert = await screen.findByTestId('orders-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Your orders could not be loaded right now.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('orders-table')).toBeTruthy());
    await flush();
  });
});
