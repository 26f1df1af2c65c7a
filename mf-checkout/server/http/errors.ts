import type { FastifyError, FastifyInstance } from 'fastify';
import createError, { type HttpError } from 'http-errors';
import type { z } from 'zod';

export interface FieldError {
  field: string;
  message: string;
}

/** One 400 for every invalid field, so a form can show each message beside its field. */
export function validationError(what: string, error: z.ZodError): HttpError {
  const errors: FieldError[] = error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: issue.message,
  }));
  const summary = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return createError(400, `Invalid ${what}: ${summary}`, { details: { errors } });
}

/** Clear wording for the framework's own 4xx errors (body parsing happens before our handlers). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body',
};

/**
 * Routes throw `http-errors` errors: their message, and the fields of `details` (e.g. `errors`, one
 * per invalid field), are the JSON body the client gets.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (createError.isHttpError(error) && error.expose) {
      return reply.code(error.statusCode).send({ message: error.message, ...(error.details as Record<string, unknown> | undefined) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && frameworkMessages[error.code]) || error.message || 'Bad request';
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side; please try again' });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = (request.url.split('?')[0] ?? '').slice(0, 200);
    return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
  });
}
