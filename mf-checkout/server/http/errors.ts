import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An error whose status and JSON body are meant for the client as they are. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;

  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.body = { message, ...extra };
  }
}

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
  return new HttpError(400, `Invalid ${what}: ${summary}`, { errors });
}

/** Clear wording for the framework's own 4xx errors (body parsing happens before our handlers). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send(error.body);
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
