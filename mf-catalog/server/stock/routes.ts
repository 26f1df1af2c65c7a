import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import createError from 'http-errors';
import { parseOr400 } from '../http/errors.ts';
import { publicUrl } from '../products/present.ts';
import type { Reservation, StockRepository, TransitionOutcome } from '../storage/repository.ts';
import { recordStockRefusal } from '../metrics/registry.ts';

export interface StockRoutesOptions {
  repository: StockRepository;
  internalToken: string | null;
  imageBase: string;
}

const orderId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, { error: 'orderId may contain only letters, digits and . _ : -' });

const reserveBody = z.object(
  {
    orderId,
    lines: z
      .array(
        z.object({
          productId: z.number().int().min(1).max(2_147_483_647),
          quantity: z.number().int().min(1).max(10_000),
        }),
      )
      .min(1)
      .max(200)
      .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
        error: 'each productId may appear only once',
      }),
  },
  { error: 'the body must be a JSON object {orderId, lines:[{productId, quantity}]}' },
);

const orderParams = z.object({ orderId });

const returnBody = z.object(
  {
    returnId: orderId,
    lines: reserveBody.shape.lines,
  },
  { error: 'the body must be a JSON object {returnId, lines:[{productId, quantity}]}' },
);

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

export function registerStockRoutes(app: FastifyInstance, options: StockRoutesOptions): void {
  const { repository, imageBase } = options;
  const expected = options.internalToken === null ? null : digest(options.internalToken);

  const present = (reservation: Reservation) => ({
    ...reservation,
    lines: reservation.lines.map((line) => ({ ...line, thumbnail: publicUrl(imageBase, line.thumbnail) })),
  });

  function answer(reply: FastifyReply, outcome: TransitionOutcome, id: string, action: 'committed' | 'released') {
    if (outcome.kind === 'not-found') throw createError(404, `Reservation '${id}' not found`);
    if (outcome.kind === 'conflict') {
      recordStockRefusal('conflict');
      const message = `Reservation '${id}' is ${outcome.reservation.status} and cannot be ${action}`;
      return reply.code(409).send({ message, ...present(outcome.reservation) });
    }
    return present(outcome.reservation);
  }

  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (expected === null) {
        recordStockRefusal('unauthorized');
        throw createError(401, 'The stock API is disabled: INTERNAL_TOKEN is not configured');
      }
      const given = request.headers['x-internal-token'];
      // Comparing fixed-length digests keeps the check constant-time whatever the caller sends.
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        recordStockRefusal('unauthorized');
        throw createError(401, 'Missing or wrong x-internal-token');
      }
    });

    scope.post('/stock/reservations', async (request, reply) => {
      const body = parseOr400(reserveBody, request.body);
      const outcome = await repository.reserve(body.orderId, body.lines);
      switch (outcome.kind) {
        case 'created':
          return reply.code(201).send(present(outcome.reservation));
        case 'existing':
          return present(outcome.reservation);
        case 'unknown-product':
          recordStockRefusal('unknown_product');
          return reply.code(404).send({ message: `Product with id '${outcome.productId}' not found`, productId: outcome.productId });
        case 'short':
          recordStockRefusal('short');
          return reply.code(409).send({
            message: `Not enough stock for '${outcome.title}' (product ${outcome.productId}): ${outcome.requested} requested, ${outcome.available} available`,
            productId: outcome.productId,
            requested: outcome.requested,
            available: outcome.available,
          });
      }
    });

    scope.post<{ Params: { orderId: string } }>('/stock/reservations/:orderId/commit', async (request, reply) => {
      const { orderId: id } = parseOr400(orderParams, request.params);
      return answer(reply, await repository.commit(id), id, 'committed');
    });

    scope.post<{ Params: { orderId: string } }>('/stock/reservations/:orderId/release', async (request, reply) => {
      const { orderId: id } = parseOr400(orderParams, request.params);
      return answer(reply, await repository.release(id), id, 'released');
    });

    // Returned units of a paid order (a refund, a cancellation) go back on sale, once per returnId.
    scope.post<{ Params: { orderId: string } }>('/stock/reservations/:orderId/returns', async (request, reply) => {
      const { orderId: id } = parseOr400(orderParams, request.params);
      const body = parseOr400(returnBody, request.body);
      const outcome = await repository.returnStock(id, body.returnId, body.lines);
      switch (outcome.kind) {
        case 'not-found':
          throw createError(404, `Reservation '${id}' not found`);
        case 'conflict':
          recordStockRefusal('return_refused');
          return reply.code(409).send({ message: outcome.message });
        case 'returned':
          return reply.code(201).send({ orderId: id, returnId: body.returnId, lines: outcome.lines });
        case 'existing':
          return { orderId: id, returnId: body.returnId, lines: outcome.lines };
      }
    });
  });
}
