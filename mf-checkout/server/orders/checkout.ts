import { randomUUID } from 'node:crypto';
import type { CouponBook } from '../coupons/coupons.ts';
import createError from 'http-errors';
import type { PaymentGateway } from '../payments/gateway.ts';
import { CatalogUnavailableError, type CatalogClient, type PricedLine, type ReserveResult } from '../pricing/catalogClient.ts';
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS, subtotalOf, toOrderLines, totalsOf } from '../pricing/totals.ts';
import type { OrderRepository } from '../storage/repository.ts';
import { failures, retryableFailureCodes } from './failures.ts';
import type { Failure, Order } from './model.ts';
import { mergeLines, requestFingerprint, type CheckoutRequest } from './request.ts';
import { settleStock, type Log } from './stock.ts';

export interface CheckoutDeps {
  repository: OrderRepository;
  catalog: CatalogClient;
  payments: PaymentGateway;
  coupons: CouponBook;
  log: Log;
  now: () => Date;
  /** How long a duplicate submission waits for the original to finish before answering "in progress". */
  duplicateWaitMs: number;
}

export type CheckoutOutcome =
  | { kind: 'paid'; order: Order }
  | { kind: 'failed'; order: Order }
  /** Another request with the same key is still working on this order. */
  | { kind: 'in_progress'; order: Order }
  /** The charge was sent but its result is unknown; recovery will make the order paid or failed. */
  | { kind: 'payment_unconfirmed'; order: Order };

const CURRENCY = 'usd';

/**
 * The card checkout. The order of steps is what makes a crash at any point safe:
 *   1. the pending order is stored before anything else happens (idempotency key unique),
 *   2. stock is reserved under the order id (the catalogue answers the authoritative prices),
 *   3. lines and totals are stored, then "charge started" is recorded,
 *   4. the card is charged with the order id as Stripe idempotency key and metadata,
 *   5. the order becomes paid or failed, then the reservation is committed or released.
 * A crash before 3 leaves an order that was certainly not charged; after 3, Stripe knows the
 * truth under the order id. Recovery (recovery.ts) finishes either kind of order.
 */
export function createCheckout(deps: CheckoutDeps) {
  const { repository, catalog, payments, coupons, log } = deps;
  const at = () => deps.now().toISOString();

  async function reload(order: Order): Promise<Order> {
    return (await repository.findById(order.id)) ?? order;
  }

  function outcomeOf(order: Order): CheckoutOutcome {
    if (order.status === 'paid') return { kind: 'paid', order };
    if (order.status === 'failed') return { kind: 'failed', order };
    return { kind: 'in_progress', order };
  }

  async function fail(order: Order, failure: Failure): Promise<CheckoutOutcome> {
    if (!(await repository.markFailed(order.id, failure, at()))) return outcomeOf(await reload(order));
    log.info({ orderId: order.id, code: failure.code }, 'order failed');
    const failed = await reload(order);
    // Released even after a refused reservation: the call is idempotent and covers a reservation
    // that was taken although its answer was lost.
    await settleStock(failed, deps);
    return { kind: 'failed', order: await reload(failed) };
  }

  async function waitForOriginal(order: Order): Promise<CheckoutOutcome> {
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

  async function run(order: Order, request: CheckoutRequest): Promise<CheckoutOutcome> {
    const wanted = mergeLines(request.lines);
    let reservation: ReserveResult;
    try {
      reservation = await catalog.reserve(order.id, wanted);
    } catch (error) {
      if (!(error instanceof CatalogUnavailableError)) throw error;
      log.warn({ orderId: order.id, err: error.message }, 'reservation failed');
      return fail(order, failures.catalogUnavailable());
    }
    if (reservation.kind === 'out_of_stock') return fail(order, { code: 'out_of_stock', message: reservation.message });
    if (reservation.kind === 'unknown_product') return fail(order, { code: 'unknown_product', message: reservation.message });
    if (!sameLines(wanted, reservation.lines)) {
      log.error({ orderId: order.id }, 'catalogue reserved other lines than requested');
      return fail(order, failures.catalogUnavailable());
    }

    const lines = toOrderLines(reservation.lines);
    const subtotalCents = subtotalOf(lines);
    let discountCents = 0;
    if (request.couponCode) {
      const coupon = coupons.evaluate(request.couponCode, subtotalCents);
      if (!coupon.valid) return fail(order, { code: 'coupon_not_applicable', message: coupon.message });
      discountCents = coupon.discountCents;
    }
    const totals = totalsOf(subtotalCents, discountCents);
    if (totals.totalCents < MIN_CHARGE_CENTS) return fail(order, failures.amountTooSmall());
    if (totals.totalCents > MAX_CHARGE_CENTS) return fail(order, failures.amountTooLarge());
    await repository.recordPricing(order.id, lines, totals, at());

    if (!(await repository.markChargeStarted(order.id, request.token.id, at()))) {
      // Recovery cancelled this order meanwhile (only possible after a very long stall): report that.
      return outcomeOf(await reload(order));
    }
    const result = await payments.charge({
      orderId: order.id,
      orderNumber: order.number,
      amountCents: totals.totalCents,
      currency: CURRENCY,
      source: request.token.id,
      description: `Storefront order #${order.number}`,
      receiptEmail: request.email,
    });

    if (result.outcome === 'succeeded') {
      await repository.markPaid(order.id, result.paymentId, at());
      log.info({ orderId: order.id, paymentId: result.paymentId, totalCents: totals.totalCents }, 'order paid');
      const paid = await reload(order);
      await settleStock(paid, deps);
      return { kind: 'paid', order: paid };
    }
    if (result.outcome === 'refused') return fail(order, { code: result.code, message: result.message });
    if (!result.maybeCharged) {
      log.warn({ orderId: order.id, err: result.message }, 'payment service unreachable');
      return fail(order, failures.paymentUnavailable());
    }
    // The charge may exist: releasing the stock now could sell it twice, so recovery decides later.
    log.warn({ orderId: order.id, err: result.message }, 'payment result unknown; left for recovery');
    return { kind: 'payment_unconfirmed', order: await reload(order) };
  }

  async function placeOrder(request: CheckoutRequest, uid: string | null, retried: boolean): Promise<CheckoutOutcome> {
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
      createdAt: at(),
    });
    if (created) return run(order, request);
    if (order.requestHash !== requestHash) {
      throw createError(
        422,
        'This idempotencyKey was already used for a different checkout; send a new key for a new attempt',
        { details: { code: 'idempotency_key_reused' } },
      );
    }
    const settled = await waitForOriginal(order);
    const passingOutage = settled.kind === 'failed' && (retryableFailureCodes as readonly (string | null)[]).includes(settled.order.failureCode);
    if (!passingOutage || retried) return settled;
    // The shopper was told to try again: this retry is a new attempt, not a replay of the failure.
    // The stock of the failed attempt goes back first (its release may have failed with the outage).
    if (!settled.order.stockSettled) await settleStock(settled.order, deps);
    if (await repository.retireIdempotencyKey(order.id, retryableFailureCodes, at())) {
      log.info({ orderId: order.id, code: settled.order.failureCode }, 'retry after a passing outage: a new attempt under the same key');
    }
    // Retired here or by a concurrent retry: either way the key now leads to the new attempt.
    return placeOrder(request, uid, true);
  }

  return {
    placeOrder: (request: CheckoutRequest, uid: string | null) => placeOrder(request, uid, false),
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
