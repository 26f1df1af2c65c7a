import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { describeIssues } from './params.ts';

/** An error whose message is safe and useful to show the client. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** Parses with a zod schema, turning a failure into a 400 that names every bad value. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error));
  return parsed.data;
}

/** Every failure answers JSON {message}; only our own bugs are 5xx, and those hide their details. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      reply.code(status).send({ message: error.message });
      return;
    }
    console.error(`catalog: ${request.method} ${request.url} failed:`, error);
    reply.code(500).send({ message: 'Internal server error' });
  });
}
