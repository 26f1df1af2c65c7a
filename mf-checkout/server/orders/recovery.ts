import { PaymentUnavailableError, type ChargeLookup, type PaymentGateway } from '../payments/gateway.ts';
import type { CatalogClient } from '../pricing/catalogClient.ts';
import type { IntentCheckout } from './intentCheckout.ts';
import type { OrderRepository } from '../storage/repository.ts';
import { failures } from './failures.ts';
import type { Order } from './model.ts';
import { settleStock, type Log } from './stock.ts';

const SETTLE_GRACE_MS = 5000;

export interface RecoveryDeps {
  repository: OrderRepository;
  catalog: CatalogClient;
  payments: PaymentGateway;
  intents: Pick<IntentCheckout, 'abandon' | 'isIntentOrder'>;
  log: Log;
  now: () => Date;
  /** Only pending orders older than this are touched: younger ones may still be in a live request. */
  olderThanSeconds: number;
  /** Orders paid by PaymentIntent wait this long for the shopper (and their bank) before being cancelled. */
  intentTimeoutSeconds: number;
}

export interface RecoveryReport {
  /** Pending orders found paid at Stripe. */
  paid: number;
  /** Pending orders cancelled (never charged, declined, or no charge at Stripe). */
  failed: number;
  /** Reservations committed or released. */
  settled: number;
  /** Orders left for a later run because Stripe or the catalogue could not be asked. */
  deferred: number;
}

/**
 * Finishes what a crash, a timeout or an unreachable service left undone:
 *  - a pending order that never started its charge is cancelled (it was certainly not charged);
 *  - a pending order whose charge started is resolved from Stripe's record of the charge made
 *    under its order id (metadata.order_id): succeeded -> paid, failed or absent -> failed;
 *  - a paid or failed order whose reservation was not yet committed/released gets it done.
 * Every step is a compare-and-set or idempotent, so concurrent runs (several instances) are safe.
 */
export function createRecovery(deps: RecoveryDeps) {
  const at = () => deps.now().toISOString();
  let running: Promise<RecoveryReport> | undefined;

  /**
   * An order waiting for the shopper to confirm its intent is left alone until the intent times out;
   * then Stripe decides: paid if it succeeded meanwhile, otherwise the intent is cancelled and the
   * order fails. Answers whether the order is now final.
   */
  async function resolveIntent(order: Order, report: RecoveryReport): Promise<boolean> {
    if (Date.parse(order.createdAt) > deps.now().getTime() - deps.intentTimeoutSeconds * 1000) return false;
    try {
      const outcome = await deps.intents.abandon(order);
      if (outcome.kind === 'paid') report.paid++;
      else if (outcome.kind === 'failed') report.failed++;
      return outcome.kind !== 'in_progress';
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      deps.log.warn({ orderId: order.id, err: error.message }, 'recovery: payment service unavailable');
      report.deferred++;
      return false;
    }
  }

  /** Moves a stale pending order to paid or failed; answers whether it is now final. */
  async function resolvePending(order: Order, report: RecoveryReport): Promise<boolean> {
    if (deps.intents.isIntentOrder(order)) return resolveIntent(order, report);
    if (!order.chargeStartedAt) {
      if (await deps.repository.markFailed(order.id, failures.interrupted(), at(), { onlyIfNotCharged: true })) {
        report.failed++;
        return true;
      }
      // It started charging meanwhile: resolve it from Stripe below with fresh data.
      const fresh = await deps.repository.findById(order.id);
      if (!fresh || fresh.status !== 'pending') return true;
      order = fresh;
    }
    let lookup: ChargeLookup;
    try {
      lookup = await deps.payments.findCharge(order.id, order.createdAt);
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      deps.log.warn({ orderId: order.id, err: error.message }, 'recovery: payment service unavailable');
      report.deferred++;
      return false;
    }
    if (lookup.outcome === 'succeeded') {
      if (await deps.repository.markPaid(order.id, lookup.paymentId, at())) report.paid++;
    } else {
      const failure = lookup.outcome === 'refused' ? { code: lookup.code, message: lookup.message } : failures.notCharged();
      if (await deps.repository.markFailed(order.id, failure, at())) report.failed++;
    }
    return true;
  }

  async function settle(order: Order, report: RecoveryReport): Promise<void> {
    if (await settleStock(order, deps)) report.settled++;
    else report.deferred++;
  }

  async function runOnce(): Promise<RecoveryReport> {
    const report: RecoveryReport = { paid: 0, failed: 0, settled: 0, deferred: 0 };
    const now = deps.now().getTime();
    const staleCutoff = new Date(now - deps.olderThanSeconds * 1000).toISOString();
    for (const order of await deps.repository.listPendingCreatedBefore(staleCutoff)) {
      if (!(await resolvePending(order, report))) continue;
      const resolved = await deps.repository.findById(order.id);
      if (resolved && !resolved.stockSettled) await settle(resolved, report);
    }
    // Final orders whose commit/release failed earlier; the grace period leaves a live request
    // the time to settle its own order.
    const settleCutoff = new Date(now - SETTLE_GRACE_MS).toISOString();
    for (const order of await deps.repository.listUnsettledUpdatedBefore(settleCutoff)) await settle(order, report);
    if (report.paid + report.failed + report.settled + report.deferred > 0) deps.log.info(report, 'recovery run');
    return report;
  }

  return {
    /** Runs one reconciliation pass; a call during a running pass shares that pass. */
    run(): Promise<RecoveryReport> {
      running ??= runOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Resolves when no pass is running (used before closing the storage). */
    async idle(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
