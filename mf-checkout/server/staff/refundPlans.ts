import { randomUUID } from 'node:crypto';
import { CANCELLABLE_STATUSES, REFUNDABLE_STATUSES } from 'orders-api/facts';
import type { RefundLineRequest } from 'orders-api/staff';
import type { Order, OrderStatus } from '../orders/model.ts';
import type { OrderRefund, RefundLine, RefundPlan, StaffActor } from '../storage/repository.ts';
import { refundedQuantities } from './present.ts';

const REFUNDABLE: readonly OrderStatus[] = REFUNDABLE_STATUSES;
const CANCELLABLE: readonly OrderStatus[] = CANCELLABLE_STATUSES;

export type RequestedLine = RefundLineRequest;

/** Who asks for a refund or a cancel, with which key and fingerprint; `at` is read each time a record is stamped. */
export interface RefundRequest {
  orderId: string;
  requestKey: string;
  hash: string;
  staff: StaffActor;
  at: () => string;
}

/** Decides a refund under the order's lock (OrderRepository.beginRefund). */
export type RefundPlanner = (order: Order, refunds: OrderRefund[]) => RefundPlan;

/** What a line's units cost after the order's discount, in whole cents. */
function lineShare(order: Order, productId: string, quantity: number): number {
  const line = order.lines.find((candidate) => candidate.productId === productId)!;
  if (order.subtotalCents <= 0) return 0;
  return Math.floor((line.unitCents * quantity * order.totalCents) / order.subtotalCents);
}

/** Units of each line not refunded yet, with what they are worth. */
function remainingLines(order: Order, refunds: OrderRefund[]): RefundLine[] {
  const refunded = refundedQuantities(refunds);
  return order.lines
    .map((line) => {
      const quantity = line.quantity - (refunded.get(line.productId) ?? 0);
      return { productId: line.productId, quantity, amountCents: lineShare(order, line.productId, quantity) };
    })
    .filter((line) => line.quantity > 0);
}

const alreadyTaken = (order: Order, refunds: OrderRefund[]) =>
  order.refundedCents + refunds.filter((refund) => refund.status === 'pending').reduce((sum, refund) => sum + refund.amountCents, 0);

const sumOf = <T>(items: readonly T[], value: (item: T) => number) => items.reduce((sum, item) => sum + value(item), 0);

/** The planner of a cancel: everything not refunded yet, with the order cancelled in the same transaction. */
export function planCancel({ orderId, requestKey, hash, staff, at }: RefundRequest): RefundPlanner {
  return (order, refunds) => {
    if (!CANCELLABLE.includes(order.status))
      return { kind: 'refused', status: 409, message: `Order ${order.number} is ${order.status}: only a paid or packed order can be cancelled` };
    if (!order.paymentId) return { kind: 'refused', status: 409, message: `Order ${order.number} has no payment to refund` };
    return {
      kind: 'refund',
      refund: {
        id: randomUUID(),
        orderId,
        requestKey,
        requestHash: hash,
        kind: 'cancel',
        amountCents: order.totalCents - alreadyTaken(order, refunds),
        lines: remainingLines(order, refunds),
        staff,
        createdAt: at(),
      },
      cancel: { from: CANCELLABLE, to: 'cancelled', type: 'cancelled', staff, requestKey, detail: { requestHash: hash }, at: at() },
    };
  };
}

/** The requested lines checked against what can still be refunded, each with its worth; or why they cannot be. */
function chooseLines(order: Order, remaining: RefundLine[], lines: RequestedLine[] | undefined): RefundLine[] | RefundPlan {
  if (lines === undefined) return remaining;
  const chosen: RefundLine[] = [];
  for (const line of lines) {
    const available = remaining.find((candidate) => candidate.productId === line.productId)?.quantity ?? 0;
    if (!order.lines.some((bought) => bought.productId === line.productId)) {
      return { kind: 'refused', status: 400, message: `Product ${line.productId} is not in order ${order.number}` };
    }
    if (line.quantity > available) {
      return { kind: 'refused', status: 409, message: `Only ${available} of product ${line.productId} can still be refunded in order ${order.number}` };
    }
    chosen.push({ productId: line.productId, quantity: line.quantity, amountCents: lineShare(order, line.productId, line.quantity) });
  }
  return chosen;
}

/** The planner of a refund of some lines (without lines: everything not refunded yet). */
export function planRefund({ orderId, requestKey, hash, staff, at }: RefundRequest, lines: RequestedLine[] | undefined): RefundPlanner {
  return (order, refunds) => {
    if (!REFUNDABLE.includes(order.status) || !order.paymentId) {
      return { kind: 'refused', status: 409, message: `Order ${order.number} is ${order.status}: there is no payment to refund` };
    }
    const left = order.totalCents - alreadyTaken(order, refunds);
    if (left <= 0) return { kind: 'refused', status: 409, message: `Order ${order.number} is already refunded in full` };
    const remaining = remainingLines(order, refunds);
    const chosen = chooseLines(order, remaining, lines);
    if (!Array.isArray(chosen)) return chosen;
    const everything = sumOf(chosen, (line) => line.quantity) === sumOf(remaining, (line) => line.quantity);
    // The last units take what is left, so rounding never leaves a cent unrefunded.
    const amountCents = everything
      ? left
      : Math.min(
          left,
          sumOf(chosen, (line) => line.amountCents),
        );
    if (amountCents <= 0) return { kind: 'refused', status: 409, message: 'Nothing to refund: the chosen lines are worth 0' };
    return {
      kind: 'refund',
      refund: { id: randomUUID(), orderId, requestKey, requestHash: hash, kind: 'refund', amountCents, lines: chosen, staff, createdAt: at() },
    };
  };
}
