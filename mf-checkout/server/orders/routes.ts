import type { FastifyInstance, FastifyRequest } from 'fastify';
import createError from 'http-errors';
import { checkoutRequest, paidAnswer } from 'orders-api/checkout';
import { orderId, problem, shopperOrder, shopperOrderList } from 'orders-api/shopper';
import { answerCheck } from 'service-kit/answer-check';
import { validationError } from '../http/errors.ts';
import type { Sessions } from '../session/sessions.ts';
import type { OrderRepository } from '../storage/repository.ts';
import type { Checkout } from './checkout.ts';
import { messages, statusForFailure } from './failures.ts';
import { orderView, paidView } from './present.ts';

const ORDERS_PER_PAGE = 100;

export function registerOrderRoutes(
  app: FastifyInstance,
  deps: { checkout: Checkout; repository: OrderRepository; sessions: Sessions; limits?: { checkout?: object; orders?: object } },
): void {
  const { checkout, repository, sessions } = deps;

  // The limit is counted before the body is read, so floods of broken or oversized posts count too.
  app.post('/save-stripe-token', { config: deps.limits?.checkout ?? {}, preSerialization: answerCheck(paidAnswer, problem) }, async (request, reply) => {
    const parsed = checkoutRequest.safeParse(request.body);
    if (!parsed.success) throw validationError('checkout request', parsed.error);
    // A bad or expired session cookie does not block a purchase; the order is then a guest order.
    const uid = sessions.read(request)?.uid ?? null;
    const outcome = await checkout.placeOrder(parsed.data, uid);
    const { order } = outcome;
    switch (outcome.kind) {
      case 'paid':
        return paidView(order);
      case 'failed':
        return reply
          .code(statusForFailure(order.failureCode))
          .send({ message: order.failureMessage ?? 'The order could not be placed', code: order.failureCode });
      case 'in_progress':
        return reply.code(409).send({ message: messages.inProgress, code: 'in_progress', orderId: order.id });
      case 'payment_unconfirmed':
        return reply.code(503).send({ message: messages.paymentUnconfirmed, code: 'payment_unconfirmed', orderId: order.id });
    }
  });

  function signedInUid(request: FastifyRequest): string {
    const session = sessions.read(request);
    if (!session) throw createError(401, 'Sign in to see your orders');
    return session.uid;
  }

  const limited = { config: deps.limits?.orders ?? {} };

  app.get('/api/checkout/orders', { ...limited, preSerialization: answerCheck(shopperOrderList, problem) }, async (request) => {
    const uid = signedInUid(request);
    const orders = await repository.listByUid(uid, ORDERS_PER_PAGE);
    const events = await repository.listEventsOf(orders.map((order) => order.id));
    return { orders: orders.map((order) => orderView(order, events.get(order.id))) };
  });

  app.get('/api/checkout/orders/:id', { ...limited, preSerialization: answerCheck(shopperOrder, problem) }, async (request) => {
    const uid = signedInUid(request);
    const params = orderId.safeParse(request.params);
    const order = params.success ? await repository.findById(params.data.id) : null;
    // Someone else's order answers exactly like a missing one: existence is not revealed.
    if (!order || order.uid !== uid) throw createError(404, 'Order not found');
    return orderView(order, await repository.listEvents(order.id));
  });
}
