import type { FastifyReply, FastifyServerOptions } from 'fastify';

/**
 * Fastify's `frameworkErrors`: an address the router cannot take (an escape that does not decode,
 * %zz or %E0%A4%A; a parameter over maxParamLength) is answered before any route or hook runs, so
 * what every other answer gets from hooks is set here: the shop's {message} shape, never kept by a
 * cache, and `headers()` (the gateway's security headers).
 */
export function unroutableAddress(headers: () => Record<string, string> = () => ({})): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, _request, reply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    void (reply as FastifyReply)
      .code(tooLong ? 414 : 400)
      .headers({ ...headers(), 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      .send(JSON.stringify({ message: tooLong ? 'The address is too long' : 'The address is not a valid URL' }));
  };
}
