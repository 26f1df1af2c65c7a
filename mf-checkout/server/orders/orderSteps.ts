// The steps every card checkout shares, whichever Stripe API pays for it (Charges or PaymentIntents):
// the pending order under the shopper's idempotency key, the stock reservation and the prices the
// catalogue answers, and the order's final state with its stock committed or released.
import { randomUUID } from 'node:crypto';
import createError from 'http-errors';
import type { CouponBook } from '../coupons/coupons.ts';
import { CatalogUnavailableError, type CatalogClient, type PricedLine, type ReserveResult } from '../pricing/catalogClient.ts';
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS, subtotalOf, toOrderLines, totalsOf } from '../pricing/totals.ts';
import type { OrderRepository } from '../storage/repository.ts';
import { failures, retryableFailureCodes } from './failures.ts';
import { wasPaid, type Failure, type Order, type Totals } from './model.ts';
import type { CheckoutRequest } from 'orders-api/checkout';
import { mergeLines, requestFingerprint } from './request.ts';
import { settleStock, type Log } from './stock.ts';

export const CURRENCY = 'usd';

export interface StepDeps {
  repository: OrderRepository;
  catalog: CatalogClient;
  coupons: CouponBook;
  log: Log;
  now: () => Date;
  /** How long a duplicate submission waits for the original to finish before answering "in progress". */
  duplicateWaitMs: number;
}

export type OrderOutcome =
  | { kind: 'paid'; order: Order }
  | { kind: 'failed'; order: Order }
  /** Another request with the same key is still working on this order. */
  | { kind: 'in_progress'; order: Order };

/** What an order is bought from: the cart, the coupon, who pays. The card travels separately. */
export type OrderRequest = Omit<CheckoutRequest, 'token'>;

export function createOrderSteps(deps: StepDeps) {
  const { repository, catalog, coupons, log } = deps;
  const at = () => deps.now().toISOString();

  async function reload(order: Order): Promise<Order> {
    return (await repository.findById(order.id)) ?? order;
  }

  /**
   * What to answer about an order. A final order is answered only once its stock is settled: the
   * request that made it final may still be committing or releasing it (the page's settle and the
   * webhook race, a duplicate submission finds the original's order), so whoever answers settles
   * it too (commit and release are idempotent) rather than tell a shopper "failed" while the unit
   * is still held. With the catalogue unreachable the order is answered unsettled; recovery retries.
   */
  async function outcomeOf(order: Order): Promise<OrderOutcome> {
    if (order.status === 'pending') return { kind: 'in_progress', order };
    const settled = !order.stockSettled && (await settleStock(order, deps)) ? await reload(order) : order;
    return wasPaid(settled.status) ? { kind: 'paid', order: settled } : { kind: 'failed', order: settled };
  }

  /**
   * The order fails (once, whoever gets here first) and its stock is released, even after a refused
   * reservation: the call covers a reservation that was taken although its answer was lost.
   */
  async function fail(order: Order, failure: Failure): Promise<OrderOutcome> {
    if (await repository.markFailed(order.id, failure, at())) log.info({ orderId: order.id, code: failure.code }, 'order failed');
    return outcomeOf(await reload(order));
  }

  /** The payment succeeded: the order becomes paid (once, whoever gets here first) and its stock is committed. */
  async function paid(order: Order, paymentId: string): Promise<OrderOutcome> {
    if (await repository.markPaid(order.id, paymentId, at())) log.info({ orderId: order.id, paymentId, totalCents: order.totalCents }, 'order paid');
    return outcomeOf(await reload(order));
  }

  async function waitForOriginal(order: Order): Promise<OrderOutcome> {
    const deadline = Date.now() + deps.duplicateWaitMs;
    let current = order;
    while (current.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = await reload(current);
    }
    return outcomeOf(current);
  }

  function sameLines(requested: { productId: number; quantity: number }[], priced: PricedLine[]): boolean {
    if (requested.length !== priced.length) return false;
    const byId = new Map(priced.map((line) => [line.productId, line.quantity]));
    return requested.every((line) => byId.get(String(line.productId)) === line.quantity);
  }

  /** Reserves the stock and stores the catalogue's prices and the totals; a failure has already failed the order. */
  async function reserveAndPrice(order: Order, request: OrderRequest): Promise<{ ok: true; totals: Totals } | { ok: false; outcome: OrderOutcome }> {
    const failed = async (failure: Failure) => ({ ok: false as const, outcome: await fail(order, failure) });
    const wanted = mergeLines(request.lines);
    let reservation: ReserveResult;
    try {
      reservation = await catalog.reserve(order.id, wanted);
    } catch (error) {
      if (!(error instanceof CatalogUnavailableError)) throw error;
      log.warn({ orderId: order.id, err: error.message }, 'reservation failed');
      return failed(failures.catalogUnavailable());
    }
    if (reservation.kind === 'out_of_stock') return failed({ code: 'out_of_stock', message: reservation.message });
    if (reservation.kind === 'unknown_product') return failed({ code: 'unknown_product', message: reservation.message });
    if (!sameLines(wanted, reservation.lines)) {
      log.error({ orderId: order.id }, 'catalogue reserved other lines than requested');
      return failed(failures.catalogUnavailable());
    }

    const lines = toOrderLines(reservation.lines);
    const subtotalCents = subtotalOf(lines);
    let discountCents = 0;
    if (request.couponCode) {
      const coupon = coupons.evaluate(request.couponCode, subtotalCents);
      if (!coupon.valid) return failed({ code: 'coupon_not_applicable', message: coupon.message });
      discountCents = coupon.discountCents;
    }
    const totals = totalsOf(subtotalCents, discountCents);
    if (totals.totalCents < MIN_CHARGE_CENTS) return failed(failures.amountTooSmall());
    if (totals.totalCents > MAX_CHARGE_CENTS) return failed(failures.amountTooLarge());
    await repository.recordPricing(order.id, lines, totals, at());
    return { ok: true, totals };
  }

  /**
   * The order under the request's idempotency key: a new one is handed to `run`; an existing one
   * for the same cart to `existing` (a replay); another cart under the same key is refused. A key
   * whose attempt failed in a passing outage (nothing charged, stock back) makes a new attempt.
   */
  async function open<O extends { kind: string; order: Order }>(
    request: OrderRequest,
    uid: string | null,
    handlers: { run: (order: Order) => Promise<O>; existing: (order: Order) => Promise<O | OrderOutcome> },
    retried = false,
  ): Promise<O | OrderOutcome> {
    if (request.couponCode && !coupons.find(request.couponCode)) {
      const message = `Coupon code "${request.couponCode}" is not valid`;
      throw createError(400, message, { details: { errors: [{ field: 'couponCode', message }] } });
    }
    const requestHash = requestFingerprint(request);
    const { order, created } = await repository.createPending({
      id: randomUUID(),
      idempotencyKey: request.idempotencyKey,
      requestHash,
      uid,
      email: request.email,
      billing: request.billing,
      currency: CURRENCY,
      coupon: request.couponCode ?? null,
      lang: request.lang,
      createdAt: at(),
    });
    if (created) return handlers.run(order);
    if (order.requestHash !== requestHash) {
      throw createError(422, 'This idempotencyKey was already used for a different checkout; send a new key for a new attempt', {
        details: { code: 'idempotency_key_reused' },
      });
    }
    const settled = await handlers.existing(order);
    const passingOutage = settled.kind === 'failed' && (retryableFailureCodes as readonly (string | null)[]).includes(settled.order.failureCode);
    if (!passingOutage || retried) return settled;
    // The shopper was told to try again: this retry is a new attempt, not a replay of the failure.
    // The stock of the failed attempt goes back first (its release may have failed with the outage).
    if (!settled.order.stockSettled) await settleStock(settled.order, deps);
    if (await repository.retireIdempotencyKey(order.id, retryableFailureCodes, at())) {
      log.info({ orderId: order.id, code: settled.order.failureCode }, 'retry after a passing outage: a new attempt under the same key');
    }
    // Retired here or by a concurrent retry: either way the key now leads to the new attempt.
    return open(request, uid, handlers, true);
  }

  return { at, reload, outcomeOf, fail, paid, waitForOriginal, reserveAndPrice, open };
}

export type OrderSteps = ReturnType<typeof createOrderSteps>;
