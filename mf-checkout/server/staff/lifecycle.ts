import { createHash } from 'node:crypto';
import createError from 'http-errors';
import { MOVES, type Move } from 'orders-api/facts';
import type { Shipment } from 'orders-api/staff';
import type { Order } from '../orders/model.ts';
import type { Log } from '../orders/stock.ts';
import type { RefundGateway } from '../payments/refunds.ts';
import type { CatalogClient } from '../pricing/catalogClient.ts';
import type { OrderEvent, OrderRepository, StaffActor } from '../storage/repository.ts';
import { shipmentView } from './carriers.ts';
import { eventView } from './present.ts';
import { planCancel, planRefund, type RefundPlanner, type RequestedLine } from './refundPlans.ts';
import { createRefundSettler, type Answer } from './refundSettlement.ts';

export type { Answer } from './refundSettlement.ts';
export type { RequestedLine } from './refundPlans.ts';

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

export function createStaffLifecycle(deps: {
  repository: OrderRepository;
  refunds: RefundGateway;
  catalog: CatalogClient;
  log: Log;
  now: () => Date;
}): StaffLifecycle {
  const { repository } = deps;
  const at = () => deps.now().toISOString();
  const settle = createRefundSettler({ ...deps, at });

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

  async function runRefund(orderId: string, requestKey: string, hash: string, plan: RefundPlanner): Promise<Answer> {
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

  return {
    async move(orderId, move, staff, requestKey, shipment) {
      const rule = MOVES[move];
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
      return runRefund(orderId, requestKey, hash, planCancel({ orderId, requestKey, hash, staff, at }));
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
      return runRefund(orderId, requestKey, hash, planRefund({ orderId, requestKey, hash, staff, at }, lines));
    },
  };
}
