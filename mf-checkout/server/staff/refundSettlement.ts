import type { Order } from '../orders/model.ts';
import type { Log } from '../orders/stock.ts';
import { PaymentUnavailableError } from '../payments/gateway.ts';
import { RefundRefusedError, type RefundGateway } from '../payments/refunds.ts';
import { CatalogRejectedError, CatalogUnavailableError, type CatalogClient } from '../pricing/catalogClient.ts';
import type { OrderRefund, OrderRepository } from '../storage/repository.ts';
import { refundView } from './present.ts';

export interface Answer {
  status: number;
  body: unknown;
}

/** Settles a recorded refund: asks Stripe (again) while it is pending, then puts its lines back into stock. */
export type SettleRefund = (refund: OrderRefund, order: Pick<Order, 'paymentId'>) => Promise<Answer>;

/** The refund settler of the staff lifecycle: Stripe first, then the catalogue, each safe to repeat. */
export function createRefundSettler(deps: {
  repository: OrderRepository;
  refunds: RefundGateway;
  catalog: CatalogClient;
  log: Log;
  at: () => string;
}): SettleRefund {
  const { repository, at } = deps;

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
  return async function settle(refund, order) {
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
  };
}
