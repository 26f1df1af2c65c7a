import { InvalidIdTokenError, type IdTokenVerifier } from './identity.ts';
import { staffRoleOf } from './roles.ts';

/**
 * Development only: asks the shop's local Auth service (the proxy in front of the Auth emulator,
 * see mf-account/server/emulators/authProxy.ts) whether it issued a token. Emulator tokens are
 * unsigned, so this question is the only proof a token is genuine.
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
