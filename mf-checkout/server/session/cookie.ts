import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'checkout_session';

export interface Session {
  uid: string;
  email: string | null;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * The cookie's value before @fastify/cookie signs it (HMAC-SHA256 with SESSION_SECRET):
 * base64url JSON, tamper-evident once signed, carrying nothing secret.
 */
export function sessionPayload(session: Session): string {
  return Buffer.from(JSON.stringify(session)).toString('base64url');
}

/** The session in a payload whose signature has been checked, or null when it is malformed or expired. */
export function readSessionPayload(payload: string, nowSeconds: number): Session | null {
  try {
    const session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Session> | null;
    if (typeof session?.uid !== 'string' || typeof session.exp !== 'number' || session.exp <= nowSeconds) return null;
    return { uid: session.uid, email: typeof session.email === 'string' ? session.email : null, exp: session.exp };
  } catch {
    return null;
  }
}

export function sessionCookieOptions(maxAgeSeconds: number, secure: boolean): CookieSerializeOptions {
  // Path=/ because /save-stripe-token (outside /api/checkout) must see it to link the order to the shopper.
  return { signed: true, path: '/', httpOnly: true, sameSite: 'strict', maxAge: maxAgeSeconds, secure };
}
