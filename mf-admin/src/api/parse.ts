/**
 * Checks the staff API's answers before a screen uses them: a service deployed ahead of or behind
 * this remote shows up as one clear error instead of a blank cell or a crash deep in a table.
 * Fields this remote does not read are let through untouched (the API may add more).
 */
import { ORDER_STATUSES, PAYMENT_OUTCOMES } from '../orders/listQuery.ts';
import type { OrderDetail, OrderPage, OrderSummary } from './types.ts';

export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`The staff API answered something this page does not understand (${what})`);
    this.name = 'UnexpectedAnswerError';
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function expect(condition: boolean, what: string): asserts condition {
  if (!condition) throw new UnexpectedAnswerError(what);
}

const isCents = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isText = (value: unknown) => typeof value === 'string';

function summary(value: unknown, where: string): OrderSummary {
  expect(isObject(value), `${where} is not an object`);
  expect(isText(value.id) && Number.isInteger(value.number), `${where} has no id or number`);
  expect(ORDER_STATUSES.includes(value.status as never), `${where}.status ${String(value.status)}`);
  expect(PAYMENT_OUTCOMES.includes(value.payment as never), `${where}.payment ${String(value.payment)}`);
  expect(isText(value.email) && isText(value.createdAt) && isText(value.currency), `${where} lacks email, createdAt or currency`);
  expect(isCents(value.totalCents) && isCents(value.refundedCents), `${where} amounts`);
  return { ...value, name: isText(value.name) ? value.name : '' } as unknown as OrderSummary;
}

export function parseOrderPage(body: unknown): OrderPage {
  expect(isObject(body) && Array.isArray(body.orders), 'no orders list');
  expect(body.nextCursor === null || isText(body.nextCursor), 'nextCursor');
  return { orders: body.orders.map((order, i) => summary(order, `orders[${i}]`)), nextCursor: body.nextCursor as string | null };
}

export function parseOrderDetail(body: unknown): OrderDetail {
  const order = summary(body, 'order') as unknown as Json;
  expect(Array.isArray(order.lines), 'order.lines');
  for (const [i, line] of (order.lines as unknown[]).entries()) {
    expect(isObject(line) && isText(line.productId) && isText(line.title), `lines[${i}]`);
    expect(Number.isInteger(line.quantity) && isCents(line.unitCents) && isCents(line.lineCents) && isCents(line.refundedQuantity), `lines[${i}] amounts`);
  }
  expect(isObject(order.billing), 'order.billing');
  expect(isCents(order.subtotalCents) && isCents(order.discountCents), 'order totals');
  const record = order.paymentRecord;
  expect(isObject(record) && Array.isArray(record.refunds), 'order.paymentRecord');
  expect(Array.isArray(order.timeline), 'order.timeline');
  for (const [i, event] of (order.timeline as unknown[]).entries()) {
    expect(isObject(event) && isText(event.type) && isText(event.at) && isObject(event.by), `timeline[${i}]`);
  }
  return { ...order, coupon: isText(order.coupon) ? order.coupon : null } as unknown as OrderDetail;
}

/** The server's one-line reason from an error body ({message}), or null. */
export function messageOf(body: unknown): string | null {
  return isObject(body) && typeof body.message === 'string' && body.message.trim() ? body.message.trim() : null;
}
