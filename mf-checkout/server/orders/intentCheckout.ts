import { PaymentUnavailableError } from '../payments/gateway.ts';
import { IntentRefusedError, type IntentGateway, type IntentState } from '../payments/intents.ts';
import { failures } from './failures.ts';
import type { Order } from './model.ts';
import { CURRENCY, createOrderSteps, type OrderOutcome, type OrderRequest, type StepDeps } from './orderSteps.ts';

export interface IntentCheckoutDeps extends StepDeps {
  intents: IntentGateway;
}

export type IntentOutcome =
  | OrderOutcome
  /** The shopper confirms the payment in the page (Stripe.js) with this secret; the order waits. */
  | { kind: 'requires_payment'; order: Order; clientSecret: string };

/** Intent states in which the shopper may still pay (confirm, authenticate). */
const PAYABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

const isIntentId = (source: string | null): source is string => source?.startsWith('pi_') === true;

/**
 * The card checkout with a PaymentIntent (Strong Customer Authentication ready):
 *   1-2. the pending order and its reservation and prices, as for a charge (orderSteps.ts);
 *   3. an intent for the total the service computed, created with the order id as idempotency key
 *      and metadata, its id recorded on the order; the page gets only the client secret;
 *   4. the page confirms the intent with Stripe (3-D Secure happens there), then asks `settle`;
 *      Stripe's signed webhook asks `settle` too; whichever comes first makes the order paid or
 *      failed, the other finds it final; each answers once the order's stock is settled.
 * `settle` reads the intent from Stripe, never from the caller: a replayed, late or out-of-order
 * event can only repeat what Stripe says now. An intent that failed is cancelled at Stripe before
 * its stock goes back, so it cannot be paid afterwards with no stock held for it.
 */
export function createIntentCheckout(deps: IntentCheckoutDeps) {
  const { repository, intents, log } = deps;
  const steps = createOrderSteps(deps);
  const { at, reload, outcomeOf, fail } = steps;

  async function run(order: Order, request: OrderRequest): Promise<IntentOutcome> {
    const priced = await steps.reserveAndPrice(order, request);
    if (!priced.ok) return priced.outcome;
    let intent: IntentState;
    try {
      intent = await intents.create({
        orderId: order.id,
        orderNumber: order.number,
        amountCents: priced.totals.totalCents,
        currency: CURRENCY,
        description: `Storefront order #${order.number}`,
        receiptEmail: request.email,
      });
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError) && !(error instanceof IntentRefusedError)) throw error;
      // Creating an intent moves no money: the order can fail at once and its stock go back.
      log.warn({ orderId: order.id, err: error.message }, 'payment intent not created');
      return fail(order, failures.paymentUnavailable());
    }
    if (!(await repository.markChargeStarted(order.id, intent.id, at()))) return outcomeOf(await reload(order));
    return { kind: 'requires_payment', order: await reload(order), clientSecret: intent.clientSecret! };
  }

  /** A replay of the same purchase (a double click, a reload): the same intent while it can still be paid. */
  async function existing(order: Order): Promise<IntentOutcome> {
    if (order.status !== 'pending') return outcomeOf(order);
    if (!isIntentId(order.paymentSource)) return steps.waitForOriginal(order);
    const intent = await current(order.paymentSource);
    if (intent && PAYABLE.has(intent.status) && !intent.failure) return { kind: 'requires_payment', order, clientSecret: intent.clientSecret! };
    return settleOrder(order);
  }

  /** Cancels the intent at Stripe, then fails the order; an intent that succeeded meanwhile makes it paid. */
  async function close(order: Order, intentId: string, failure: { code: string; message: string }): Promise<OrderOutcome> {
    const state = await intents.cancel(intentId);
    if (state.status === 'succeeded') return steps.paid(order, intentId);
    return fail(order, failure);
  }

  /** The intent, or null when Stripe has no such intent (only a local Stripe restarted without its data forgets one). */
  async function current(intentId: string): Promise<IntentState | null> {
    try {
      return await intents.retrieve(intentId);
    } catch (error) {
      if (error instanceof IntentRefusedError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  async function settleOrder(order: Order, options: { abandon?: boolean } = {}): Promise<OrderOutcome> {
    if (order.status !== 'pending' || !isIntentId(order.paymentSource)) return outcomeOf(order);
    const intent = await current(order.paymentSource);
    // An intent Stripe does not know was never paid.
    if (!intent) return fail(order, failures.notCharged());
    if (intent.orderId !== order.id || intent.amountCents !== order.totalCents || intent.currency !== order.currency) {
      // Never expected (the intent was created for this order's total): a person has to look.
      log.error(
        { orderId: order.id, intentId: intent.id, intentAmount: intent.amountCents, orderTotal: order.totalCents },
        'payment intent does not match its order; left pending',
      );
      return outcomeOf(order);
    }
    switch (intent.status) {
      case 'succeeded':
        return steps.paid(order, intent.id);
      case 'canceled':
        return fail(order, intent.failure ?? failures.notCharged());
      default:
        if (intent.failure) return close(order, intent.id, intent.failure);
        if (options.abandon) return close(order, intent.id, failures.abandoned());
        return outcomeOf(order);
    }
  }

  return {
    start: (request: OrderRequest, uid: string | null) => steps.open<IntentOutcome>(request, uid, { run: (order) => run(order, request), existing }),
    /** Brings the order in line with its intent at Stripe; null when there is no such order. */
    async settle(orderId: string): Promise<OrderOutcome | null> {
      const order = await repository.findById(orderId);
      return order ? settleOrder(order) : null;
    },
    /** For recovery: an intent nobody paid within the time allowed is cancelled and its stock released. */
    abandon: (order: Order) => settleOrder(order, { abandon: true }),
    isIntentOrder: (order: Order) => isIntentId(order.paymentSource),
  };
}

export type IntentCheckout = ReturnType<typeof createIntentCheckout>;
