import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { httpInstruments } from 'service-kit/metrics';

// The checkout's metrics (decision 0032): one registry of its own, counted where each fact happens
// and served only on the listener of service-kit/metrics (METRICS_PORT), never on the API's port.
// Labels take a few fixed values each: never an order id, an e-mail or an amount.

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds, from a session read (a millisecond) to a checkout that waited on Stripe. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const { requests: httpRequests, duration: httpDuration } = httpInstruments(registry, LATENCY_BUCKETS);

const orderTransitions = new Counter({
  name: 'checkout_order_transitions_total',
  help: "Orders' status changes, by the status left (new: created; unpaid: pending or failed) and the one reached",
  labelNames: ['from', 'to'] as const,
  registers: [registry],
});

const payments = new Counter({
  name: 'checkout_payments_total',
  help: 'Payments by outcome: succeeded, declined, not_completed, abandoned, unavailable',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const threeDSecure = new Counter({
  name: 'checkout_3ds_challenges_total',
  help: '3-D Secure challenges, by outcome: required (Stripe asked the shopper), passed, failed',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const webhooks = new Counter({
  name: 'checkout_webhooks_total',
  help: "Stripe's webhooks by event type (other: types the shop ignores) and outcome",
  labelNames: ['type', 'outcome'] as const,
  registers: [registry],
});

const refunds = new Counter({
  name: 'checkout_refunds_total',
  help: "Refunds by kind (refund, cancel) and Stripe's outcome (succeeded, failed)",
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'checkout_rate_limit_refusals_total',
  help: 'Requests refused with 429, by limit',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export function recordTransition(from: string, to: string): void {
  orderTransitions.inc({ from, to });
}

export type PaymentOutcome = 'succeeded' | 'declined' | 'not_completed' | 'abandoned' | 'unavailable';

export function recordPayment(outcome: PaymentOutcome): void {
  payments.inc({ outcome });
}

export function recordThreeDSecure(outcome: 'required' | 'passed' | 'failed'): void {
  threeDSecure.inc({ outcome });
}

/** The webhook's outcome: processed (the order settled), ignored, unverified (bad signature), unconfigured, unavailable (Stripe could not be asked). */
export type WebhookOutcome = 'processed' | 'ignored' | 'unverified' | 'unconfigured' | 'unavailable' | 'error';

export function recordWebhook(type: string, outcome: WebhookOutcome): void {
  webhooks.inc({ type, outcome });
}

export function recordRefund(kind: 'refund' | 'cancel', outcome: 'succeeded' | 'failed'): void {
  refunds.inc({ kind, outcome });
}
