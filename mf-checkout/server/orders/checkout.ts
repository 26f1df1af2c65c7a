import type { PaymentGateway } from '../payments/gateway.ts';
import { failures } from './failures.ts';
import type { Order } from './model.ts';
import { CURRENCY, createOrderSteps, type OrderOutcome, type StepDeps } from './orderSteps.ts';
import type { CheckoutRequest } from 'orders-api/checkout';

export interface CheckoutDeps extends StepDeps {
  payments: PaymentGateway;
}

export type CheckoutOutcome =
  | OrderOutcome
  /** The charge was sent but its result is unknown; recovery will make the order paid or failed. */
  | { kind: 'payment_unconfirmed'; order: Order };

/**
 * The card checkout of the spec's flow (a token charged with the Charges API). The order of steps is what makes a crash at any point safe:
 *   1. the pending order is stored before anything else happens (idempotency key unique),
 *   2. stock is reserved under the order id (the catalogue answers the authoritative prices),
 *   3. lines and totals are stored, then "charge started" is recorded,
 *   4. the card is charged with the order id as Stripe idempotency key and metadata,
 *   5. the order becomes paid or failed, then the reservation is committed or released.
 * A crash before 3 leaves an order that was certainly not charged; after 3, Stripe knows the
 * truth under the order id. Recovery (recovery.ts) finishes either kind of order.
 */
export function createCheckout(deps: CheckoutDeps) {
  const { repository, payments, log } = deps;
  const steps = createOrderSteps(deps);
  const { at, reload, outcomeOf, fail } = steps;

  async function run(order: Order, request: CheckoutRequest): Promise<CheckoutOutcome> {
    const priced = await steps.reserveAndPrice(order, request);
    if (!priced.ok) return priced.outcome;
    const { totals } = priced;

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

    if (result.outcome === 'succeeded') return steps.paid(order, result.paymentId);
    if (result.outcome === 'refused') return fail(order, { code: result.code, message: result.message });
    if (!result.maybeCharged) {
      log.warn({ orderId: order.id, err: result.message }, 'payment service unreachable');
      return fail(order, failures.paymentUnavailable());
    }
    // The charge may exist: releasing the stock now could sell it twice, so recovery decides later.
    log.warn({ orderId: order.id, err: result.message }, 'payment result unknown; left for recovery');
    return { kind: 'payment_unconfirmed', order: await reload(order) };
  }

  return {
    placeOrder: (request: CheckoutRequest, uid: string | null) =>
      steps.open<CheckoutOutcome>(request, uid, {
        run: (order) => run(order, request),
        existing: (order) => steps.waitForOriginal(order),
      }),
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
