import { fireEvent, render, screen } from '@testing-library/react';
import { StaffApiError, type StaffApi } from '../api/staffApi.ts';
import type { StaffAction as Action } from 'orders-api/facts';
import type { MoveAnswer, OrderDetail, RefundAnswer } from 'orders-api/staff';
import { moveAnswerExample, orderDetailExample, refundAnswerExample } from 'orders-api/testing';
import { ActionsPanel } from './ActionsPanel.tsx';

/** Packed, nothing refunded yet: two lamps. */
const order: OrderDetail = {
  ...orderDetailExample,
  number: 42,
  status: 'packed',
  payment: 'succeeded',
  totalCents: 5000,
  refundedCents: 0,
  subtotalCents: 5000,
  lines: [{ productId: '3', title: 'Lamp', unitCents: 2500, quantity: 2, lineCents: 5000, refundedQuantity: 0 }],
  paymentRecord: { ...orderDetailExample.paymentRecord, refunds: [] },
  timeline: [],
};

type Call = { action: Action; key: string; body: unknown };

/** A staff API whose actions answer in turn: a value, or an error to throw. */
function fakeApi(answers: (MoveAnswer | RefundAnswer | Error)[]) {
  const calls: Call[] = [];
  const api: StaffApi = {
    listOrders: () => Promise.reject(new Error('not used')),
    order: () => Promise.reject(new Error('not used')),
    figures: () => Promise.reject(new Error('not used')),
    searchFigures: () => Promise.reject(new Error('not used')),
    vitalsFigures: () => Promise.reject(new Error('not used')),
    act: (_orderId, action, key, body) => {
      calls.push({ action, key, body });
      const answer = answers.shift() ?? new Error('no more answers');
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { api, calls };
}

function renderPanel(api: StaffApi, onChanged = jest.fn(() => Promise.resolve())) {
  render(<ActionsPanel api={api} order={order} staffRole="admin" onChanged={onChanged} />);
  return onChanged;
}

async function shipWith(carrier: string, tracking: string) {
  fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: carrier } });
  fireEvent.change(screen.getByLabelText('Tracking number'), { target: { value: tracking } });
  fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
  await screen.findByRole('button', { name: 'Mark shipped' });
}

describe("an order's actions", () => {
  it('retries a shipment the shop did not answer under the same Idempotency-Key, and reloads the order once it is done', async () => {
    const { api, calls } = fakeApi([new StaffApiError(0, 'the shop could not be reached'), moveAnswerExample]);
    const onChanged = renderPanel(api);
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await shipWith('dhl', 'jd0123456');
    expect(await screen.findByText(/^Not sent: the shop could not be reached\./)).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText(/^Done: the order is now/)).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      { carrier: 'dhl', trackingNumber: 'JD0123456' },
      { carrier: 'dhl', trackingNumber: 'JD0123456' },
    ]);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal and reloads the order to show what is true now", async () => {
    const { api, calls } = fakeApi([new StaffApiError(409, 'Order 42 is shipped: it can be marked shipped only when packed')]);
    const onChanged = renderPanel(api);
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await shipWith('ups', '1Z999AA10123456784');
    expect((await screen.findByRole('alert')).textContent).toContain('Refused: Order 42 is shipped: it can be marked shipped only when packed');
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('sends nothing for a tracking number the carrier would not print', () => {
    const { api, calls } = fakeApi([]);
    renderPanel(api);
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: 'dhl' } });
    fireEvent.change(screen.getByLabelText('Tracking number'), { target: { value: 'ab 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(screen.getByText('Enter a tracking number of 6 to 40 letters, digits or dashes.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('cancels only after the confirmation, and a new cancel after a done one is a new action', async () => {
    const { api, calls } = fakeApi([{ ...refundAnswerExample, status: 'cancelled' }]);
    renderPanel(api);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText(/^Cancel order #42\?/)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Done: the order is now/)).toBeTruthy();
    expect(calls.map((call) => call.action)).toEqual(['cancel']);
  });

  it('refunds the chosen units of a line after its confirmation', async () => {
    const { api, calls } = fakeApi([refundAnswerExample]);
    renderPanel(api);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    fireEvent.click(screen.getByLabelText('Chosen lines'));
    fireEvent.change(screen.getByLabelText('Units of Lamp to refund (up to 2)'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText("Refund 1 unit(s) of order #42 to the customer's card? Their stock goes back on sale.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Done/)).toBeTruthy();
    expect(calls).toEqual([{ action: 'refund', key: expect.any(String) as string, body: { lines: [{ productId: '3', quantity: 1 }] } }]);
  });
});
