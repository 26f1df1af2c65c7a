import type { FastifyError, FastifyInstance } from 'fastify';
import createError from 'http-errors';
import type { z } from 'zod';
import { describeIssues } from './params.ts';

/** Parses with a zod schema, turning a failure into a 400 that names every bad value. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw createError(400, describeIssues(parsed.error));
  return parsed.data;
}

/**
 * Every failure answers JSON {message}; our own bugs are 500s, and those hide their details.
 * Routes throw `http-errors` errors (createError(404, 'Product ... not found')), whose message is
 * meant for the client, as is a 5xx's made with `expose` (503: a service we ask is away); Fastify's
 * own 4xx carry a statusCode too.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
  app.setErrorHandler((error: FastifyError | createError.HttpError, request, reply) => {
    const status = error.statusCode ?? 500;
    if ((status >= 400 && status < 500) || (createError.isHttpError(error) && error.expose)) {
      reply.code(status).send({ message: error.message });
      return;
    }
    console.error(`catalog: ${request.method} ${request.url} failed:`, error);
    reply.code(500).send({ message: 'Internal server error' });
  });
}
