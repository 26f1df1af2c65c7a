import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, requestIdFrom } from './requestId.ts';

/**
 * Fastify's server options for the shop's logs: the kit's logger, the request id taken from a sane
 * x-request-id or made, and written as req_id on every line of the request.
 */
export function fastifyLogging(logger: Logger) {
  return {
    loggerInstance: logger,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    requestIdLogLabel: 'req_id',
    requestIdHeader: false as const,
  };
}

/**
 * Answers the request id in a response header and puts it on the request's own headers, so a proxied
 * call (which copies them) carries it to the next service.
 */
export function passRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    request.headers[REQUEST_ID_HEADER] = request.id;
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
