import type { FastifyRequest } from 'fastify';
import { readSessionPayload, sessionPayload, SESSION_COOKIE, type Session } from './cookie.ts';
import type { IdTokenVerifier } from 'service-kit/firebase-auth';

/** Short-lived on purpose: the account remote re-syncs a fresh ID token every few minutes. */
export const SESSION_TTL_SECONDS = 30 * 60;

export interface Sessions {
  /** The signed-in shopper of a request, or null (no, bad or expired cookie). */
  read(request: FastifyRequest): Session | null;
  /** Verifies a Firebase ID token and answers the session and its cookie payload (signed when set). */
  open(idToken: string): Promise<{ session: Session; payload: string }>;
}

/** Sessions in a cookie that @fastify/cookie signs and checks (registered with SESSION_SECRET). */
export function createSessions(options: { verifier: IdTokenVerifier; now: () => Date }): Sessions {
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);
  return {
    read(request) {
      const value = request.cookies[SESSION_COOKIE];
      if (!value) return null;
      const unsigned = request.unsignCookie(value);
      return unsigned.valid && unsigned.value !== null ? readSessionPayload(unsigned.value, nowSeconds()) : null;
    },
    async open(idToken) {
      const identity = await options.verifier.verify(idToken);
      // Never outlive the ID token it was made from.
      const exp = Math.min(nowSeconds() + SESSION_TTL_SECONDS, identity.exp);
      const session: Session = { uid: identity.uid, email: identity.email, exp };
      return { session, payload: sessionPayload(session) };
    },
  };
}
