// The PaymentIntent card path over HTTP: start a payment, settle it when the page returns from Stripe,
// and Stripe's signed webhook.
import type { FastifyInstance, FastifyReply } from 'fastify';
import createError from 'http-errors';
import { paidAnswer, paymentIntentRequest, paymentProblem, paymentStarted } from 'orders-api/checkout';
import { orderId as orderParams, problem } from 'orders-api/shopper';
import { answerCheck } from 'service-kit/answer-check';
import { validationError } from '../http/errors.ts';
import { PaymentUnavailableError } from '../payments/gateway.ts';
import type { WebhookVerifier } from '../payments/webhooks.ts';
import { recordThreeDSecure, recordWebhook } from '../metrics/registry.ts';
import type { Sessions } from '../session/sessions.ts';
import { messages, statusForFailure } from './failures.ts';
import type { IntentCheckout, IntentOutcome } from './intentCheckout.ts';
import { paidView } from './present.ts';

/** The events that move an order; anything else is acknowledged and ignored. */
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'payment_intent.requires_action']);

/** What both routes of the card path answer. */
const answers = answerCheck({ 200: paidAnswer, 201: paymentStarted, 202: paymentProblem }, problem);

const stillOpen = {
  message: 'Your payment is not complete yet. If your bank asked you to confirm it, finish that and this order will be confirmed automatically.',
  code: 'payment_pending',
};

/** Intents this process saw asked for 3-D Secure, so their success counts as a challenge passed (bounded: oldest forgotten). */
const challenged = new Set<string>();
const CHALLENGES_REMEMBERED = 10_000;

/**
 * 3-D Secure as Stripe's events tell it: requires_action is a challenge shown to the shopper, an
 * authentication failure one failed, and success after a challenge one passed. With several checkout
 * instances the success may reach another one than the challenge did: "passed" is then a lower bound.
 */
function countThreeDSecure(type: string, intent: { id?: unknown; last_payment_error?: { code?: unknown } | null }): void {
  const id = typeof intent.id === 'string' ? intent.id : null;
  if (type === 'payment_intent.requires_action') {
    recordThreeDSecure('required');
    if (id && !challenged.has(id)) {
      if (challenged.size >= CHALLENGES_REMEMBERED) challenged.delete(challenged.values().next().value!);
      challenged.add(id);
    }
  } else if (type === 'payment_intent.payment_failed' && intent.last_payment_error?.code === 'payment_intent_authentication_failure') {
    recordThreeDSecure('failed');
    if (id) challenged.delete(id);
  } else if (type === 'payment_intent.succeeded' && id && challenged.delete(id)) {
    recordThreeDSecure('passed');
  }
}

function answer(reply: FastifyReply, outcome: IntentOutcome) {
  const { order } = outcome;
  switch (outcome.kind) {
    case 'requires_payment':
      return reply
        .code(201)
        .send({ orderId: order.id, orderNumber: order.number, totalCents: order.totalCents, currency: order.currency, clientSecret: outcome.clientSecret });
    case 'paid':
      return paidView(order);
    case 'failed':
      return reply
        .code(statusForFailure(order.failureCode))
        .send({ message: order.failureMessage ?? 'The order could not be placed', code: order.failureCode, orderId: order.id });
    case 'in_progress':
      return order.paymentSource
        ? reply.code(202).send({ ...stillOpen, orderId: order.id })
        : reply.code(409).send({ message: messages.inProgress, code: 'in_progress', orderId: order.id });
  }
}

// The order exists and Stripe could not be asked about it: the same key finds it again later.
const unavailable = (reply: FastifyReply) =>
  reply.code(503).header('retry-after', '5').send({ message: messages.paymentUnconfirmed, code: 'payment_unconfirmed' });

export function registerIntentRoutes(
  app: FastifyInstance,
  deps: { intents: IntentCheckout; sessions: Sessions; webhooks: WebhookVerifier | null; limit?: object },
): void {
  const { intents, sessions } = deps;

  app.post('/api/checkout/payment-intents', { config: deps.limit ?? {}, preSerialization: answers }, async (request, reply) => {
    const parsed = paymentIntentRequest.safeParse(request.body);
    if (!parsed.success) throw validationError('checkout request', parsed.error);
    const uid = sessions.read(request)?.uid ?? null;
    try {
      return answer(reply, await intents.start(parsed.data, uid));
    } catch (error) {
      if (error instanceof PaymentUnavailableError) return unavailable(reply);
      throw error;
    }
  });

  // The page's return from Stripe (confirmed, declined, authenticated or not). The order id is the
  // capability: nobody can make an order paid here without Stripe saying it was.
  app.post('/api/checkout/orders/:id/payment', { config: deps.limit ?? {}, preSerialization: answers }, async (request, reply) => {
    const params = orderParams.safeParse(request.params);
    if (!params.success) throw createError(404, 'Order not found');
    try {
      const outcome = await intents.settle(params.data.id);
      if (!outcome) throw createError(404, 'Order not found');
      return answer(reply, outcome);
    } catch (error) {
      if (error instanceof PaymentUnavailableError) return unavailable(reply);
      throw error;
    }
  });

  // Stripe signs the raw bytes: this route reads its body unparsed.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/checkout/stripe/webhook', async (request, reply) => {
      if (!deps.webhooks) {
        recordWebhook('unknown', 'unconfigured');
        return reply.code(503).send({ message: 'Webhooks are not configured here (STRIPE_WEBHOOK_SECRET is not set)' });
      }
      const signature = request.headers['stripe-signature'];
      const event = Buffer.isBuffer(request.body) && typeof signature === 'string' ? deps.webhooks.verify(request.body, signature) : null;
      if (!event) {
        recordWebhook('unknown', 'unverified');
        return reply.code(400).send({ message: 'The Stripe-Signature header does not match this body' });
      }
      // Stripe's event types are many: the ones the shop acts on by name, the rest as one.
      const type = INTENT_EVENTS.has(event.type) ? event.type : 'other';
      if (type === 'other') {
        recordWebhook(type, 'ignored');
        return { received: true, ignored: event.type };
      }
      const intent = event.data.object as { id?: unknown; metadata?: { order_id?: unknown }; last_payment_error?: { code?: unknown } | null };
      const orderId = typeof intent.metadata?.order_id === 'string' ? intent.metadata.order_id : null;
      if (!orderId || !orderParams.safeParse({ id: orderId }).success) {
        recordWebhook(type, 'ignored');
        return { received: true, ignored: 'not an order of this shop' };
      }
      countThreeDSecure(event.type, intent);
      try {
        const outcome = await intents.settle(orderId);
        recordWebhook(type, 'processed');
        request.log.info({ event: event.id, type: event.type, orderId, status: outcome?.order.status ?? 'unknown order' }, 'stripe webhook');
        return { received: true, status: outcome?.order.status ?? null };
      } catch (error) {
        // Stripe retries anything but 2xx: the event comes back once Stripe can be asked again.
        if (error instanceof PaymentUnavailableError) {
          recordWebhook(type, 'unavailable');
          return reply.code(503).send({ message: 'Stripe could not be asked about this payment; retry later' });
        }
        recordWebhook(type, 'error');
        throw error;
      }
    });
  });
}
