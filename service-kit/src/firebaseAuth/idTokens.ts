// Firebase ID tokens: the identity a verified token names, and the development check against the
// shop's local Auth service (production's, Google's signature, is firebaseTokens.ts).
import { staffRoleOf, type StaffRole } from './roles.ts';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  /** The staff role in the token's custom claims; absent or null for a shopper. */
  role?: StaffRole | null;
  /** Expiry of the ID token, seconds since the epoch. */
  exp: number;
}

/** The token was checked and is not acceptable (forged, expired, wrong project, ...). */
export class InvalidIdTokenError extends Error {}

export interface IdTokenVerifier {
  /** Throws InvalidIdTokenError for a bad token; any other error means verification was impossible. */
  verify(idToken: string): Promise<VerifiedIdentity>;
}

/**
 * Development only: asks the shop's local Auth service (the proxy in front of the Auth emulator,
 * mf-account/server/emulators/authProxy.ts) whether it issued a token. Emulator tokens are unsigned,
 * so this question is the only proof a token is genuine.
 */
export function createLocalAuthVerifier(verifyUrl: string): IdTokenVerifier {
  return {
    async verify(idToken) {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await response.json().catch(() => ({}))) as {
        uid?: unknown;
        exp?: unknown;
        claims?: Record<string, unknown> & { email?: unknown };
        message?: unknown;
      };
      if (response.status === 401 || response.status === 400) throw new InvalidIdTokenError(String(body.message ?? 'invalid token'));
      if (!response.ok || typeof body.uid !== 'string' || typeof body.exp !== 'number') {
        throw new Error(`the local Auth service answered ${response.status}`);
      }
      return {
        uid: body.uid,
        email: typeof body.claims?.email === 'string' ? body.claims.email : null,
        exp: body.exp,
        role: staffRoleOf(body.claims ?? {}),
      };
    },
  };
}
