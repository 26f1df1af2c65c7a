import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { readSessionPayload, sessionCookieOptions, sessionPayload, SESSION_COOKIE, type Session } from './cookie.ts';
import { createSessions } from './sessions.ts';

const secret = 'a-test-secret-of-enough-length-0123456789';
const session: Session = { uid: 'u1', email: 'ann@example.com', exp: 2_000 };

const running: { close(): Promise<unknown> }[] = [];
afterAll(async () => Promise.all(running.map((app) => app.close())));

/** A service that sets the cookie as the session routes do and reads it back as every route does. */
async function service(options: { secret?: string; nowSeconds?: number } = {}) {
  const app = Fastify();
  running.push(app);
  await app.register(fastifyCookie, { secret: options.secret ?? secret });
  const sessions = createSessions({
    verifier: { verify: async () => ({ uid: 'u1', email: 'ann@example.com', exp: 2_000 }) },
    now: () => new Date((options.nowSeconds ?? 1_000) * 1000),
  });
  app.post('/set', async (_request, reply) => {
    reply.setCookie(SESSION_COOKIE, sessionPayload(session), sessionCookieOptions(60, false));
    return {};
  });
  app.get('/who', async (request) => ({ session: sessions.read(request) }));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    set: () => fetch(`${base}/set`, { method: 'POST' }),
    who: async (cookie: string) => ((await (await fetch(`${base}/who`, { headers: { cookie } })).json()) as { session: Session | null }).session,
  };
}

async function issuedCookie(): Promise<string> {
  const answer = await (await service()).set();
  return (answer.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const who = (app: Awaited<ReturnType<typeof service>>, cookie: string) => app.who(cookie);

describe('the checkout session cookie', () => {
  it('is signed, HttpOnly, SameSite=Strict on every path, and read back as the session', async () => {
    const app = await service();
    const header = (await app.set()).headers.get('set-cookie') ?? '';
    const [pair, ...attributes] = header.split('; ');
    expect(pair).toMatch(/^checkout_session=[A-Za-z0-9_-]+\.[A-Za-z0-9+/_-]+$/);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=60', 'Path=/', 'SameSite=Strict']);
    expect(await who(app, header.split(';')[0]!)).toEqual(session);
    expect(sessionCookieOptions(60, true).secure).toBe(true);
  });

  it('refuses a forged, re-signed, expired or malformed cookie', async () => {
    const cookie = await issuedCookie();
    const [name, value] = cookie.split('=') as [string, string];
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const forged = sessionPayload({ ...session, uid: 'someone-else' });
    const app = await service();
    expect(await who(app, `${name}=${forged}.${signature}`)).toBeNull();
    expect(await who(app, `${name}=${value}x`)).toBeNull();
    expect(await who(app, `${name}=${forged}`)).toBeNull();
    expect(await who(app, `${name}=garbage`)).toBeNull();
    expect(await who(await service({ secret: `${secret}!` }), cookie)).toBeNull();
    expect(await who(await service({ nowSeconds: 2_000 }), cookie)).toBeNull();
    expect(await who(app, 'checkout_sessionx=1')).toBeNull();
  });

  it('reads only a well-formed, unexpired payload', () => {
    expect(readSessionPayload(sessionPayload(session), 1_999)).toEqual(session);
    expect(readSessionPayload(sessionPayload(session), 2_000)).toBeNull();
    expect(readSessionPayload(Buffer.from('{"uid":1,"exp":5}').toString('base64url'), 1)).toBeNull();
    expect(readSessionPayload(Buffer.from('null').toString('base64url'), 1)).toBeNull();
    expect(readSessionPayload('%%%', 1)).toBeNull();
  });
});
