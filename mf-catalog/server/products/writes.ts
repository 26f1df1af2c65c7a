// POST /products/add, PUT/PATCH/DELETE /products/{id}: DummyJSON's write routes, made real. Only a
// holder of the catalogue-admin token changes the catalogue; every change reaches the caches at once
// (the store tells them) and other instances through the store's change notices.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import createError from 'http-errors';
import { parseOr400 } from '../http/errors.ts';
import type { ProductRepository } from '../storage/repository.ts';
import { presentProduct } from './present.ts';
import { changedProductRecord, newProductBody, newProductRecord, productChangeBody } from './productInput.ts';
import { parseProductId } from './query.ts';

export interface ProductWriteOptions {
  repository: ProductRepository;
  /** Bearer token that may change the catalogue; null refuses every write. */
  adminToken: string | null;
  imageBase: string;
  now?: () => Date;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Refuses the request unless it carries the admin token (compared in constant time). */
function authorize(request: FastifyRequest, reply: FastifyReply, adminToken: string | null): void {
  if (!adminToken) {
    throw createError(403, 'Changing the catalogue is turned off: the catalogue service has no CATALOG_ADMIN_TOKEN');
  }
  const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) {
    reply.header('www-authenticate', 'Bearer realm="catalogue"');
    throw createError(401, 'Changing the catalogue needs the catalogue-admin token: send Authorization: Bearer <token>');
  }
  if (!timingSafeEqual(digest(match[1]!), digest(adminToken))) {
    throw createError(403, 'This token may not change the catalogue');
  }
}

export function registerProductWriteRoutes(app: FastifyInstance, options: ProductWriteOptions): void {
  const { repository, adminToken, imageBase } = options;
  const now = options.now ?? (() => new Date());
  const notFound = (raw: string) => createError(404, `Product with id '${raw}' not found`);

  app.post('/products/add', async (request, reply) => {
    authorize(request, reply, adminToken);
    const input = parseOr400(newProductBody, request.body);
    const created = await repository.createProduct((id) => newProductRecord(id, input, now()));
    reply.code(201).header('cache-control', 'no-store');
    return presentProduct(created, imageBase);
  });

  app.route<{ Params: { id: string } }>({
    method: ['PUT', 'PATCH'],
    url: '/products/:id',
    handler: async (request, reply) => {
      authorize(request, reply, adminToken);
      const id = parseProductId(request.params.id);
      const change = parseOr400(productChangeBody, request.body);
      const updated = await repository.updateProduct(id, (current) => changedProductRecord(current, change, now()));
      if (!updated) throw notFound(request.params.id);
      reply.header('cache-control', 'no-store');
      return presentProduct(updated, imageBase);
    },
  });

  app.delete<{ Params: { id: string } }>('/products/:id', async (request, reply) => {
    authorize(request, reply, adminToken);
    const id = parseProductId(request.params.id);
    const deleted = await repository.deleteProduct(id);
    if (!deleted) throw notFound(request.params.id);
    reply.header('cache-control', 'no-store');
    return { ...presentProduct(deleted, imageBase), isDeleted: true, deletedOn: now().toISOString() };
  });
}
