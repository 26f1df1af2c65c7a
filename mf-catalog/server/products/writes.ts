// POST /products/add, PUT/PATCH/DELETE /products/{id}: DummyJSON's write routes, made real. Only a
// holder of the catalogue-admin token or a member of the staff (staff/writeAccess.ts) changes the
// catalogue; every change reaches the caches at once (the store tells them) and other instances
// through the store's change notices.
import { deletedProduct, newProduct, product, problem, productChange } from 'catalog-api/products';
import type { FastifyInstance } from 'fastify';
import createError from 'http-errors';
import { answerCheck } from 'service-kit/answer-check';
import { parseOr400 } from '../http/errors.ts';
import { authorizeWrite, type WriteAccessOptions } from '../staff/writeAccess.ts';
import type { ProductRepository } from '../storage/repository.ts';
import { presentProduct } from './present.ts';
import { changedProductRecord, newProductRecord } from './productInput.ts';
import { parseProductId } from './query.ts';

export interface ProductWriteOptions extends WriteAccessOptions {
  repository: ProductRepository;
  imageBase: string;
  now?: () => Date;
}

export function registerProductWriteRoutes(app: FastifyInstance, options: ProductWriteOptions): void {
  const { repository, imageBase } = options;
  const now = options.now ?? (() => new Date());
  const notFound = (raw: string) => createError(404, `Product with id '${raw}' not found`);

  app.post('/products/add', { preSerialization: answerCheck(product, problem) }, async (request, reply) => {
    await authorizeWrite(request, reply, options);
    const input = parseOr400(newProduct, request.body);
    const created = await repository.createProduct((id) => newProductRecord(id, input, now()));
    reply.code(201).header('cache-control', 'no-store');
    return presentProduct(created, imageBase);
  });

  app.route<{ Params: { id: string } }>({
    method: ['PUT', 'PATCH'],
    url: '/products/:id',
    preSerialization: answerCheck(product, problem),
    handler: async (request, reply) => {
      await authorizeWrite(request, reply, options);
      const id = parseProductId(request.params.id);
      const change = parseOr400(productChange, request.body);
      const updated = await repository.updateProduct(id, (current) => changedProductRecord(current, change, now()));
      if (!updated) throw notFound(request.params.id);
      reply.header('cache-control', 'no-store');
      return presentProduct(updated, imageBase);
    },
  });

  app.delete<{ Params: { id: string } }>('/products/:id', { preSerialization: answerCheck(deletedProduct, problem) }, async (request, reply) => {
    await authorizeWrite(request, reply, options);
    const id = parseProductId(request.params.id);
    const deleted = await repository.deleteProduct(id);
    if (!deleted) throw notFound(request.params.id);
    reply.header('cache-control', 'no-store');
    return { ...presentProduct(deleted, imageBase), isDeleted: true, deletedOn: now().toISOString() };
  });
}
