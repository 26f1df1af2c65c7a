import type { FastifyBaseLogger } from 'fastify';
import { CatalogRejectedError, CatalogUnavailableError, type CatalogClient } from '../pricing/catalogClient.ts';
import type { OrderRepository } from '../storage/repository.ts';
import { wasPaid, type Order } from './model.ts';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Commits a paid order's reservation or releases a failed one's, then records that it is done.
 * When the catalogue is unreachable the order stays unsettled and the recovery step retries.
 * Returns whether the stock is now settled.
 */
export async function settleStock(
  order: Pick<Order, 'id' | 'status'>,
  deps: { catalog: CatalogClient; repository: OrderRepository; log: Log; now: () => Date },
): Promise<boolean> {
  if (order.status === 'pending') return false;
  const action = wasPaid(order.status) ? 'commit' : 'release';
  try {
    await (action === 'commit' ? deps.catalog.commit(order.id) : deps.catalog.release(order.id));
  } catch (error) {
    if (error instanceof CatalogUnavailableError) {
      deps.log.warn({ orderId: order.id, err: error.message }, `stock ${action} deferred to recovery`);
      return false;
    }
    if (!(error instanceof CatalogRejectedError)) throw error;
    // A refusal is final (the reservation is gone or in another state): retrying cannot fix it, so
    // it is recorded as settled and left loudly in the log for a person to look at.
    deps.log.error({ orderId: order.id, err: error.message }, `catalogue refused stock ${action}`);
  }
  await deps.repository.markStockSettled(order.id, deps.now().toISOString());
  return true;
}
