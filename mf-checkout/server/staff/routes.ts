import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import createError from 'http-errors';
import { STAFF_ACTIONS } from 'orders-api/facts';
import {
  figuresAnswer,
  moveAnswer,
  orderDetail,
  orderId as orderIdParams,
  orderListQuery,
  orderPage,
  problem,
  refundAnswer,
  refundRequest,
  shipmentRequest,
  staffMember,
} from 'orders-api/staff';
import { answerCheck } from 'service-kit/answer-check';
import type { CurrentRoles, IdTokenVerifier, StaffRole } from 'service-kit/firebase-auth';
import { z } from 'zod';
import { validationError } from '../http/errors.ts';
import type { OrderRepository } from '../storage/repository.ts';
import { authenticateStaff, type StaffMember } from './auth.ts';
import { staffFigures } from './figures.ts';
import type { Answer, StaffLifecycle } from './lifecycle.ts';
import { detailView, listItemView } from './present.ts';

/**
 * Every staff endpoint, with the least role it needs and what it answers. Registration reads this
 * table, so an endpoint cannot exist without its role check or its answer's check against the
 * contract, and the access test walks the same table.
 */
export const STAFF_ROUTES = [
  { name: 'me', method: 'GET', url: '/api/checkout/staff/me', role: 'staff', answer: staffMember },
  { name: 'list', method: 'GET', url: '/api/checkout/staff/orders', role: 'staff', answer: orderPage },
  { name: 'detail', method: 'GET', url: '/api/checkout/staff/orders/:id', role: 'staff', answer: orderDetail },
  { name: 'pack', method: 'POST', url: '/api/checkout/staff/orders/:id/pack', role: STAFF_ACTIONS.pack, answer: moveAnswer },
  { name: 'ship', method: 'POST', url: '/api/checkout/staff/orders/:id/ship', role: STAFF_ACTIONS.ship, answer: moveAnswer },
  { name: 'deliver', method: 'POST', url: '/api/checkout/staff/orders/:id/deliver', role: STAFF_ACTIONS.deliver, answer: moveAnswer },
  { name: 'cancel', method: 'POST', url: '/api/checkout/staff/orders/:id/cancel', role: STAFF_ACTIONS.cancel, answer: refundAnswer },
  { name: 'refund', method: 'POST', url: '/api/checkout/staff/orders/:id/refunds', role: STAFF_ACTIONS.refund, answer: refundAnswer },
  { name: 'figures', method: 'GET', url: '/api/checkout/staff/figures', role: 'staff', answer: figuresAnswer },
] as const satisfies readonly { name: string; method: 'GET' | 'POST'; url: string; role: StaffRole; answer: z.ZodType }[];

type RouteName = (typeof STAFF_ROUTES)[number]['name'];
type Handler = (request: FastifyRequest, staff: StaffMember) => Promise<unknown>;

/** The list's cursor is the last order of the page shown (its creation time and number), opaque to callers. */
const pageCursor = z.object({ c: z.iso.datetime(), n: z.number().int().positive() });
const encodeCursor = (order: { createdAt: string; number: number }) =>
  Buffer.from(JSON.stringify({ c: order.createdAt, n: order.number })).toString('base64url');

const listQuery = orderListQuery.extend({
  cursor: orderListQuery.shape.cursor
    .unwrap()
    .transform((value, context) => {
      try {
        return pageCursor.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
      } catch {
        context.addIssue({ code: 'custom', message: 'not a cursor this list gave out' });
        return z.NEVER;
      }
    })
    .optional(),
});

/** Every state-changing staff request names itself, so a repeat (a double click, a retry after a timeout) changes nothing. */
function requestKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[A-Za-z0-9_.:-]{8,200}$/.test(key)) {
    throw createError(400, 'Send an Idempotency-Key header (8 to 200 letters, digits, _ . : -), new for each action and the same when repeating it');
  }
  return key;
}

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(what, parsed.error);
  return parsed.data;
}

const actor = (staff: StaffMember) => ({ uid: staff.uid, email: staff.email });

export function registerStaffRoutes(
  app: FastifyInstance,
  deps: { repository: OrderRepository; lifecycle: StaffLifecycle; verifier: IdTokenVerifier; currentRoles: CurrentRoles },
): void {
  const { repository, lifecycle } = deps;

  const orderId = (request: FastifyRequest) => parse(orderIdParams, request.params, 'order id').id;

  const handlers: Record<RouteName, Handler> = {
    me: async (_request, staff) => staff,

    list: async (request) => {
      const query = parse(listQuery, request.query, 'order search');
      const numberMatch = query.q ? /^#?(\d{1,9})$/.exec(query.q) : null;
      const orders = await repository.listForStaff({
        ...(numberMatch ? { number: Number(numberMatch[1]) } : query.q ? { emailPrefix: query.q.toLowerCase() } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.payment ? { payment: query.payment } : {}),
        ...(query.from ? { createdFrom: query.from } : {}),
        ...(query.to ? { createdBefore: query.to } : {}),
        ...(query.cursor ? { after: { createdAt: query.cursor.c, number: query.cursor.n } } : {}),
        limit: query.limit + 1,
      });
      const page = orders.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor = orders.length > query.limit && last ? encodeCursor(last) : null;
      return { orders: page.map(listItemView), nextCursor };
    },

    detail: async (request) => {
      const id = orderId(request);
      const order = await repository.findById(id);
      if (!order) throw createError(404, 'Order not found');
      const [events, refunds] = await Promise.all([repository.listEvents(id), repository.listRefunds(id)]);
      return detailView(order, events, refunds);
    },

    pack: async (request, staff) => lifecycle.move(orderId(request), 'pack', actor(staff), requestKey(request)),
    ship: async (request, staff) =>
      lifecycle.move(orderId(request), 'ship', actor(staff), requestKey(request), parse(shipmentRequest, request.body, 'shipment')),
    deliver: async (request, staff) => lifecycle.move(orderId(request), 'deliver', actor(staff), requestKey(request)),
    cancel: async (request, staff) => lifecycle.cancel(orderId(request), actor(staff), requestKey(request)),
    refund: async (request, staff) => {
      const id = orderId(request);
      const key = requestKey(request);
      return lifecycle.refund(id, actor(staff), key, parse(refundRequest, request.body ?? {}, 'refund').lines);
    },
    figures: async (request) => staffFigures(repository, request.query),
  };

  const send = (reply: FastifyReply, result: unknown) => {
    const answer = result as Partial<Answer>;
    if (typeof answer.status === 'number' && 'body' in answer) return reply.code(answer.status).send(answer.body);
    return reply.send(result);
  };

  // Checked before the body is read: a visitor without the role never gets as far as validation. A
  // change (every POST) is checked against the role the account holds now, not the token's.
  const members = new WeakMap<FastifyRequest, StaffMember>();
  for (const route of STAFF_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      preSerialization: answerCheck(route.answer, problem),
      onRequest: async (request) => {
        members.set(request, await authenticateStaff(request, deps, route.role, route.method !== 'GET'));
      },
      handler: async (request, reply) => send(reply, await handlers[route.name](request, members.get(request)!)),
    });
  }
}
