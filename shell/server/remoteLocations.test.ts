import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { setBucketCookie } from './remoteLocations.ts';

describe('the canary bucket cookie', () => {
  const cookieFrom = async (production: boolean) => {
    const app = Fastify();
    await app.register(cookie);
    app.get('/', async (_request, reply) => {
      setBucketCookie(reply, 42, production);
      return 'ok';
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const [pair, ...attributes] = ((await fetch(address)).headers.get('set-cookie') ?? '').split('; ');
      return { pair, attributes: attributes.sort() };
    } finally {
      await app.close();
    }
  };

  it('keeps the shopper in their bucket for 30 days on every page, out of reach of scripts', async () => {
    expect(await cookieFrom(false)).toEqual({ pair: 'sf_bucket=42', attributes: ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax'] });
  });

  it('is sent over HTTPS only in production', async () => {
    expect((await cookieFrom(true)).attributes).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax', 'Secure']);
  });
});
