import { paidAnswer, paymentProblem, paymentStarted } from './checkout.ts';
import { CANCELLABLE_STATUSES, MOVES, ORDER_EVENTS, ORDER_STATUSES, REFUNDABLE_STATUSES, SHOPPER_EVENTS, STAFF_ACTIONS } from './facts.ts';
import { shopperOrder, shopperOrderList } from './shopper.ts';
import { figuresAnswer, moveAnswer, orderDetail, orderListQuery, orderPage, orderSummary, refundAnswer, shipmentRequest, staffMember } from './staff.ts';
import * as examples from './testing/examples.ts';

describe('the orders API contract', () => {
  it.each([
    ['staffMember', staffMember, examples.staffMemberExample],
    ['orderSummary', orderSummary, examples.orderSummaryExample],
    ['orderPage', orderPage, examples.orderPageExample],
    ['orderDetail', orderDetail, examples.orderDetailExample],
    ['moveAnswer', moveAnswer, examples.moveAnswerExample],
    ['refundAnswer', refundAnswer, examples.refundAnswerExample],
    ['figuresAnswer', figuresAnswer, examples.figuresAnswerExample],
    ['shopperOrder', shopperOrder, examples.shopperOrderExample],
    ['shopperOrderList', shopperOrderList, examples.shopperOrderListExample],
    ['paidAnswer', paidAnswer, examples.paidAnswerExample],
    ['paymentStarted', paymentStarted, examples.paymentStartedExample],
    ['paymentProblem', paymentProblem, examples.paymentProblemExample],
  ] as const)('reads its %s example as it is, field for field', (_name, schema, example) => {
    expect(schema.parse(example)).toEqual(example);
  });

  it('lets an older caller read an answer a newer service added a field to, and drops the field', () => {
    expect(orderSummary.parse({ ...examples.orderSummaryExample, giftWrapped: true })).toEqual(examples.orderSummaryExample);
  });

  it('refuses an answer that breaks what callers read: a missing field, a status it does not name', () => {
    const { totalCents: _gone, ...withoutTotal } = examples.orderSummaryExample;
    expect(orderSummary.safeParse(withoutTotal).success).toBe(false);
    expect(orderPage.safeParse({ orders: [{ ...examples.orderSummaryExample, status: 'teleported' }], nextCursor: null }).success).toBe(false);
  });

  it("leaves out of a shopper's timeline what it does not know or cannot show, never a script link", () => {
    const [paid, packed, shipped] = examples.shopperOrderExample.timeline;
    const scripted = { ...shipped!, shipment: { ...shipped!.shipment!, trackingUrl: 'javascript:alert(1)' } };
    const later = { type: 'returned_to_sender', status: 'shipped', at: paid!.at };
    expect(shopperOrder.parse({ ...examples.shopperOrderExample, timeline: [paid, packed, scripted, later] }).timeline).toEqual([paid, packed]);
  });

  it('names every status once, and moves, cancels and refunds only between them', () => {
    const named = new Set<string>(ORDER_STATUSES);
    for (const move of Object.values(MOVES)) for (const status of [...move.from, move.to]) expect(named).toContain(status);
    for (const status of [...CANCELLABLE_STATUSES, ...REFUNDABLE_STATUSES]) expect(named).toContain(status);
    expect(Object.keys(STAFF_ACTIONS).sort()).toEqual([...Object.keys(MOVES), 'cancel', 'refund'].sort());
    for (const event of SHOPPER_EVENTS) expect(ORDER_EVENTS).toContain(event);
  });

  it('takes a shipment as staff type it and a list query as an address carries it', () => {
    expect(shipmentRequest.parse({ carrier: 'dhl', trackingNumber: ' jd-0123456 ' })).toEqual({ carrier: 'dhl', trackingNumber: 'JD-0123456' });
    expect(shipmentRequest.safeParse({ carrier: 'pigeon', trackingNumber: 'JD0123456' }).success).toBe(false);
    expect(orderListQuery.parse({ status: 'paid', from: '2026-11-01', to: '2026-11-30', limit: '25' })).toEqual({
      status: 'paid',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      limit: 25,
    });
    expect(orderListQuery.safeParse({ status: 'teleported' }).success).toBe(false);
  });
});
