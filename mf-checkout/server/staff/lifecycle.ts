import { createHash, randomUUID } from 'node:crypto';
import createError from 'http-errors';
import type { OrderStatus, Order } from '../orders/model.ts';
import type { Log } from '../orders/stock.ts';
import { PaymentUnavailableError } from '../payments/gateway.ts';
import { RefundRefusedError, type RefundGateway } from '../payments/refunds.ts';
import { CatalogRejectedError, CatalogUnavailableError, type CatalogClient } from '../pricing/catalogClient.ts';
import type { OrderEvent, OrderRefund, OrderRepository, RefundLine, RefundPlan, StaffActor } from '../storage/repository.ts';
import { shipmentView, type Shipment } from './carriers.ts';
import { eventView, refundedQuantities, refundView } from './present.ts';

/** The status moves staff make without money changing hands: from which statuses each is allowed. */
export const moves = {
  pack: { from: ['paid'], to: 'packed' },
  ship: { from: ['packed'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type Move = keyof typeof moves;

/** Statuses an order may be refunded in: paid for and not yet refunded in full (a cancelled order whose refund failed too). */
const REFUNDABLE: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered', 'cancelled'];
const CANCELLABLE: readonly OrderStatus[] = ['paid', 'packed'];

export interface Answer {
  status: number;
  body: unknown;
}

export interface RequestedLine {
  productId: string;
  quantity: number;
}

export interface StaffLifecycle {
  move(orderId: string, move: Move, staff: StaffActor, requestKey: string, shipment?: Shipment): Promise<Answer>;
  cancel(orderId: string, staff: StaffActor, requestKey: string): Promise<Answer>;
  /** Without lines: everything not refunded yet. */
  refund(orderId: string, staff: StaffActor, requestKey: string, lines: RequestedLine[] | undefined): Promise<Answer>;
  /**
   * Finishes what requests left undone (Stripe or the catalogue did not answer, the staff member
   * did not retry): refunds pending and stock not back since before `cutoff`. Safe beside a live
   * request: Stripe's idempotency key, the pending check and the catalogue's return id each let one win.
   */
  finishUnfinished(cutoff: string): Promise<{ finished: number; left: number }>;
}

const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

const keyReused = () => createError(422, 'This Idempotency-Key was already used for another request; send a new key for a new request');

/** What a line's units cost after the order's discount, in whole cents. */
function lineShare(order: Order, productId: string, quantity: number): number {
  const line = order.lines.find((candidate) => candidate.productId === productId)!;
  if (order.subtotalCents <= 0) return 0;
  return Math.floor((line.unitCents * quantity * order.totalCents) / order.subtotalCents);
}

export function createStaffLifecycle(deps: {
  repository: OrderRepository;
  refunds: RefundGateway;
  catalog: CatalogClient;
  log: Log;
  now: () => Date;
}): StaffLifecycle {
  const { repository } = deps;
  const at = () => deps.now().toISOString();

  const moved = (event: OrderEvent): Answer => ({ status: 200, body: { orderId: event.orderId, status: event.toStatus, event: eventView(event) } });

  /** A request whose key already made a change on this order: the same answer if it is the same request. */
  function repeated(event: OrderEvent, type: string, hash: string): Answer {
    if (event.type !== type || event.detail.requestHash !== hash) throw keyReused();
    return moved(event);
  }

  async function orderOr404(orderId: string): Promise<Order> {
    const order = await repository.findById(orderId);
    if (!order) throw createError(404, 'Order not found');
    return order;
  }

  /** Puts the refunded lines back into stock; the catalogue being away leaves it to the same request again or to recovery. */
  async function returnStock(refund: OrderRefund): Promise<void> {
    if (refund.stockReturned || refund.status !== 'succeeded') return;
    // Until the order's reservation is committed the catalogue has nothing to take back: recovery commits it first.
    if (!(await repository.findById(refund.orderId))?.stockSettled) {
      deps.log.warn({ orderId: refund.orderId, refundId: refund.id }, "stock return deferred: the order's stock is not settled yet");
      return;
    }
    const lines = refund.lines.filter((line) => line.quantity > 0).map((line) => ({ productId: Number(line.productId), quantity: line.quantity }));
    try {
      if (lines.length > 0) await deps.catalog.returnStock(refund.orderId, refund.id, lines);
    } catch (error) {
      if (error instanceof CatalogUnavailableError) {
        deps.log.warn({ orderId: refund.orderId, refundId: refund.id, err: error.message }, 'stock return deferred: the catalogue did not answer');
        return;
      }
      if (!(error instanceof CatalogRejectedError)) throw error;
      deps.log.error({ orderId: refund.orderId, refundId: refund.id, err: error.message }, 'catalogue refused the stock return');
    }
    await repository.markRefundStockReturned(refund.id, at());
  }

  /** Asks Stripe for a pending refund (again: the refund's id is Stripe's idempotency key) and answers what came of it. */
  async function settle(refund: OrderRefund, order: Pick<Order, 'paymentId'>): Promise<Answer> {
    let current = refund;
    if (current.status === 'pending') {
      try {
        const { stripeRefundId } = await deps.refunds.refund({
          refundId: refund.id,
          orderId: refund.orderId,
          paymentId: order.paymentId!,
          amountCents: refund.amountCents,
        });
        current = await repository.finishRefund(refund.id, { stripeRefundId }, at());
      } catch (error) {
        if (error instanceof RefundRefusedError) current = await repository.finishRefund(refund.id, { failure: error.message }, at());
        else if (error instanceof PaymentUnavailableError) {
          deps.log.warn({ orderId: refund.orderId, refundId: refund.id, err: error.message }, 'refund left pending: Stripe did not answer');
          return {
            status: 503,
            body: { message: 'Stripe did not answer; send the same request again (same Idempotency-Key) to finish this refund', refund: refundView(current) },
          };
        } else throw error;
      }
    }
    await returnStock(current);
    if (current.status === 'failed') {
      return { status: 409, body: { message: `Stripe refused the refund: ${current.failureMessage}`, orderId: refund.orderId, refund: refundView(current) } };
    }
    return { status: 200, body: { orderId: refund.orderId, refund: refundView(current) } };
  }

  async function runRefund(orderId: string, requestKey: string, hash: string, plan: (order: Order, refunds: OrderRefund[]) => RefundPlan): Promise<Answer> {
    // A key is one request, whichever table keeps it: a status move's key cannot start a refund.
    const moveWithKey = await repository.findEventByRequestKey(orderId, requestKey);
    if (moveWithKey && moveWithKey.detail.requestHash !== hash) throw keyReused();
    const start = await repository.beginRefund(orderId, requestKey, plan, at());
    switch (start.kind) {
      case 'not_found':
        throw createError(404, 'Order not found');
      case 'refused':
        throw createError(start.status, start.message);
      case 'existing':
        if (start.refund.requestHash !== hash) throw keyReused();
    }
    const order = await orderOr404(orderId);
    const answer = await settle(start.refund, order);
    // A cancel answers with the order's new status as well.
    if (start.refund.kind === 'cancel' && answer.status === 200) return { status: 200, body: { ...(answer.body as object), status: order.status } };
    return answer;
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

  return {
    async move(orderId, move, staff, requestKey, shipment) {
      const rule = moves[move];
      const type = rule.to;
      const hash = fingerprint({ move, shipment: shipment ?? null });
      const earlier = await repository.findEventByRequestKey(orderId, requestKey);
      if (earlier) return repeated(earlier, type, hash);
      if ((await repository.listRefunds(orderId)).some((refund) => refund.requestKey === requestKey)) throw keyReused();
      const order = await orderOr404(orderId);
      const event = await repository.moveStatus(orderId, {
        from: rule.from,
        to: rule.to,
        type,
        staff,
        requestKey,
        detail: { requestHash: hash, ...(shipment ? { shipment: shipmentView(shipment) } : {}) },
        at: at(),
      });
      if (event) return moved(event);
      // Lost: to the same request sent twice at once (answer as it), or to another change of status.
      const winner = await repository.findEventByRequestKey(orderId, requestKey);
      if (winner) return repeated(winner, type, hash);
      const now = (await repository.findById(orderId)) ?? order;
      throw createError(409, `Order ${now.number} is ${now.status}: it can be marked ${rule.to} only when ${rule.from.join(' or ')}`);
    },

    async cancel(orderId, staff, requestKey) {
      const hash = fingerprint({ cancel: true });
      return runRefund(orderId, requestKey, hash, (order, refunds) => {
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
      });
    },

    async finishUnfinished(cutoff) {
      let finished = 0;
      let left = 0;
      for (const refund of await repository.listUnfinishedRefundsBefore(cutoff)) {
        const order = await repository.findById(refund.orderId);
        if (!order) continue;
        const answer = await settle(refund, order).catch((error: unknown) => {
          deps.log.error({ orderId: refund.orderId, refundId: refund.id, err: error }, 'finishing a refund failed');
          return null;
        });
        const stored = (await repository.listRefunds(refund.orderId)).find((candidate) => candidate.id === refund.id);
        if (answer && stored && stored.status !== 'pending' && (stored.stockReturned || stored.status === 'failed')) finished++;
        else left++;
      }
      return { finished, left };
    },

    async refund(orderId, staff, requestKey, lines) {
      const hash = fingerprint({ refund: lines ?? 'all' });
      return runRefund(orderId, requestKey, hash, (order, refunds) => {
        if (!REFUNDABLE.includes(order.status) || !order.paymentId) {
          return { kind: 'refused', status: 409, message: `Order ${order.number} is ${order.status}: there is no payment to refund` };
        }
        const left = order.totalCents - alreadyTaken(order, refunds);
        if (left <= 0) return { kind: 'refused', status: 409, message: `Order ${order.number} is already refunded in full` };
        const remaining = remainingLines(order, refunds);
        let chosen: RefundLine[];
        if (lines === undefined) chosen = remaining;
        else {
          chosen = [];
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
        }
        const everything = chosen.reduce((sum, line) => sum + line.quantity, 0) === remaining.reduce((sum, line) => sum + line.quantity, 0);
        // The last units take what is left, so rounding never leaves a cent unrefunded.
        const amountCents = everything
          ? left
          : Math.min(
              left,
              chosen.reduce((sum, line) => sum + line.amountCents, 0),
            );
        if (amountCents <= 0) return { kind: 'refused', status: 409, message: 'Nothing to refund: the chosen lines are worth 0' };
        return {
          kind: 'refund',
          refund: { id: randomUUID(), orderId, requestKey, requestHash: hash, kind: 'refund', amountCents, lines: chosen, staff, createdAt: at() },
        };
      });
    },
  };
}
