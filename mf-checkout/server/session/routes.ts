import type { FastifyInstance, FastifyRequest } from 'fastify';
import createError from 'http-errors';
import { SESSION_COOKIE, sessionCookieOptions, type Session } from './cookie.ts';
import type { Sessions } from './sessions.ts';
import { InvalidIdTokenError } from 'service-kit/firebase-auth';

function view(session: Session) {
  return { uid: session.uid, email: session.email, expiresAt: new Date(session.exp * 1000).toISOString() };
}

/** POST a bearer Firebase ID token to sign in, DELETE to sign out. */
export function registerSessionRoutes(app: FastifyInstance, deps: { sessions: Sessions; now: () => Date; production: boolean; limit?: object }): void {
  const { sessions, now } = deps;
  // Secure in production, and whenever the gateway says the shopper came over HTTPS.
  const secure = (request: FastifyRequest) => deps.production || request.protocol === 'https';

  app.post('/api/checkout/session', { config: deps.limit ?? {} }, async (request, reply) => {
    const match = /^Bearer\s+(\S{1,8192})$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw createError(401, 'Send the Firebase ID token as "Authorization: Bearer <token>"');
    let opened: Awaited<ReturnType<Sessions['open']>>;
    try {
      opened = await sessions.open(match[1]);
    } catch (error) {
      if (error instanceof InvalidIdTokenError) throw createError(401, 'The ID token is invalid or expired; sign in again');
      request.log.error({ err: error }, 'ID token verification failed');
      throw createError(503, 'Sign-in could not be verified right now; please try again in a moment', { expose: true });
    }
    const maxAge = Math.max(0, opened.session.exp - Math.floor(now().getTime() / 1000));
    reply.setCookie(SESSION_COOKIE, opened.payload, sessionCookieOptions(maxAge, secure(request)));
    return view(opened.session);
  });

  app.get('/api/checkout/session', async (request) => {
    const session = sessions.read(request);
    if (!session) throw createError(401, 'Not signed in');
    return view(session);
  });

  app.delete('/api/checkout/session', async (request, reply) => {
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(0, secure(request)));
    return reply.code(204).send();
  });
}
