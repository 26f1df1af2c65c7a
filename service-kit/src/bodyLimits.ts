// A body over its endpoint's limit is refused the same way by every server of the shop (decision
// 0038): with 413 and the limit in words, at once, and without reading it. A Content-Length over the
// limit is refused before a byte of the body is read; a streamed (chunked) body as soon as it passes
// the limit.
//
// Any answer that goes out before the body has all come (that refusal, a sign-in asked for, another
// site's request refused) then has the rest of the body read and thrown away, for a bounded time and
// amount, before the connection closes: closing at once resets it, and a client still writing then
// often loses the answer it was sent (a proxy in front reported "not answering" instead).
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The catalogue's and the checkout service's JSON endpoints (products, stock, orders, staff actions). */
export const JSON_BODY_LIMIT = 64 * 1024;
/** The largest catalogue import file unless IMPORT_MAX_BYTES says otherwise (the catalogue's and the gateway's default). */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** How long, and how much, of a body answered early is read and thrown away before the connection is cut. */
const DISCARD_MS = 2_000;
const DISCARD_BYTES = 8 * 1024 * 1024;

const KIB = 1024;
const MIB = 1024 * KIB;

/** A size as people read it: "64 KiB", "16 MiB", "20,000 bytes". */
export function describeBytes(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= KIB && bytes % KIB === 0) return `${bytes / KIB} KiB`;
  return `${bytes.toLocaleString('en')} bytes`;
}

/**
 * The refusal, as an error each service's error handler answers with its message (status, statusCode
 * and expose: what http-errors' isHttpError looks for). It carries Fastify's own code for a body over
 * the limit, so a route that words that refusal its own way (the catalogue's import) still does.
 */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  readonly statusCode = 413;
  readonly expose = true;
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';
  readonly limit: number;

  constructor(limit: number) {
    super(`The request body is larger than the ${describeBytes(limit)} this endpoint takes`);
    this.limit = limit;
  }
}

const refusals = new WeakMap<object, BodyTooLargeError>();

/** Why this request's body was refused, if it was: a proxy answers this rather than its upstream's failure to take the body. */
export function bodyRefusal(request: object): BodyTooLargeError | undefined {
  return refusals.get(request);
}

export interface BodyLimitOptions {
  /** The largest body this request may have; default: its route's bodyLimit. */
  limitOf?: (request: FastifyRequest) => number;
}

/**
 * Refuses bodies over their limit on every route of `app` (hooks on the instance itself, so register
 * it before the routes' plugins). Routes whose parser reads the body (JSON, text) are refused by
 * Fastify's error handling; a route that streams the body on (a proxy) sees its body stream fail and
 * answers `bodyRefusal(request)`. Every refusal is `Cache-Control: no-store`.
 */
export function refuseOversizedBodies(app: FastifyInstance, options: BodyLimitOptions = {}): void {
  const limitOf = options.limitOf ?? ((request: FastifyRequest) => request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? JSON_BODY_LIMIT);

  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length']);
    const limit = limitOf(request);
    if (declared > limit) throw refuse(request, limit);
  });

  // Every body is read through a stream of its own, never the request itself: a proxy's client
  // destroys the stream it was given when its upstream answers early, and destroying the request
  // would reset the shopper's connection before the answer reached them.
  app.addHook('preParsing', async (request, _reply, payload) => (hasBody(request.raw) ? counted(request, payload, limitOf(request)) : payload));

  app.addHook('onSend', async (request, reply, payload) => {
    if (refusals.has(request)) reply.header('cache-control', 'no-store');
    if (!request.raw.complete) closeGently(request.raw, reply);
    return payload;
  });
}

const hasBody = (request: IncomingMessage) => Number(request.headers['content-length']) > 0 || request.headers['transfer-encoding'] !== undefined;

function refuse(request: FastifyRequest, limit: number): BodyTooLargeError {
  const error = new BodyTooLargeError(limit);
  refusals.set(request, error);
  return error;
}

/** The body as it arrives, failing with the refusal when it passes the limit (what came before it is passed on). */
function counted(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Transform {
  let received = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received <= limit) return callback(null, chunk);
      payload.unpipe(stream);
      callback(refuse(request, limit));
    },
  });
  payload.pipe(stream);
  return stream;
}

/**
 * An answer that goes before the whole body: Node closes the connection as soon as it is out when
 * the client asked it to, or Fastify or a proxy did (they stopped reading the body). The rest of the
 * body is thrown away first instead; then the connection closes if the client asked, or serves its
 * next request.
 */
function closeGently(request: IncomingMessage, reply: FastifyReply): void {
  const closeAfter = !reply.raw.shouldKeepAlive;
  reply.removeHeader('connection');
  reply.raw.shouldKeepAlive = true;
  reply.raw.once('finish', () => discardTheRest(request, closeAfter));
}

/** The rest of the body read and dropped, for a bounded time and amount (then the connection is cut). */
function discardTheRest(request: IncomingMessage, closeAfter: boolean): void {
  const socket = request.socket;
  const finish = () => {
    stop();
    if (closeAfter) socket.end();
  };
  const cut = () => {
    stop();
    socket.destroy();
  };
  const readBefore = socket.bytesRead;
  const deadline = setTimeout(cut, DISCARD_MS).unref();
  const budget = setInterval(() => {
    if (socket.bytesRead - readBefore > DISCARD_BYTES) cut();
  }, 50).unref();
  const stop = () => {
    clearTimeout(deadline);
    clearInterval(budget);
    request.off('end', finish);
    socket.off('close', stop);
  };
  if (request.complete) return finish();
  request.once('end', finish);
  socket.once('close', stop);
  // Away from the stream it was read through (a route that answered without reading it all).
  request.unpipe();
  request.resume();
}
