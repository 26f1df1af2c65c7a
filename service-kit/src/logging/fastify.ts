import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';
import { isProbePath } from '../probes.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from './requestId.ts';

interface LoggingOptions {
  loggerInstance?: FastifyBaseLogger;
  logger?: false;
  genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => string;
  requestIdHeader: false;
  childLoggerFactory?: (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions, raw: { url?: string }) => FastifyBaseLogger;
}

/**
 * Fastify's server options for the shop's logs: the kit's logger (none: silent, as the services'
 * tests want), the request id taken from a sane x-request-id or made, written as req_id on every line.
 */
export function fastifyLogging(logger: Logger | undefined): LoggingOptions {
  return {
    ...(logger
      ? {
          loggerInstance: logger as FastifyBaseLogger,
          // fastify binds each request's logger to { reqId }: the shop's lines call it req_id.
          childLoggerFactory: (parent, bindings, options, raw) => {
            const child = parent.child({ req_id: bindings.reqId }, options);
            // A probe every few seconds would drown the requests: only its warnings and errors.
            if (isProbePath(raw.url) && ['info', 'debug', 'trace'].includes(child.level)) child.level = 'warn';
            return child;
          },
        }
      : { logger: false as const }),
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    requestIdHeader: false,
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
