import type { IncomingHttpHeaders } from 'node:http';
import { bodyRefusal } from 'service-kit/body-limits';
import { recordUpstream, type Upstream } from './metrics/gatewayMetrics.ts';

/** Services see the shopper's address and scheme (rate limits per shopper, Secure cookies). */
export function forwardShopper(request: { ip: string; protocol: string }, upstreamHeaders: IncomingHttpHeaders): IncomingHttpHeaders {
  return { ...upstreamHeaders, 'x-forwarded-for': request.ip, 'x-forwarded-proto': request.protocol };
}

/** A service's answer sent on as it came, counted by upstream (reply-from's own default, plus the count). */
export function passOn(upstream: Upstream) {
  return (_request: unknown, reply: { send(body: unknown): unknown }, response: { statusCode: number; stream: unknown }): void => {
    recordUpstream(upstream, response.statusCode);
    void reply.send(response.stream);
  };
}

type ProxiedReply = {
  request: object;
  send(body: unknown): unknown;
  log: { warn(details: object, message: string): void };
  code(status: number): { header(name: string, value: string): { send(body: unknown): unknown } };
};

/**
 * A service that is down or restarting is answered in words, never with the proxy's internals. A
 * call that failed because the shopper's body passed its limit on the way is that refusal (413),
 * not the service's failure.
 */
export function unavailable(what: string, upstream: Upstream) {
  return (reply: ProxiedReply, { error }: { error: Error }): void => {
    const refusal = bodyRefusal(reply.request);
    if (refusal) return void reply.send(refusal);
    recordUpstream(upstream, 'unavailable');
    reply.log.warn({ err: error }, `${what} did not answer`);
    void reply
      .code(503)
      .header('retry-after', '2')
      .send({ message: `${what} is not answering right now; please try again in a moment` });
  };
}
