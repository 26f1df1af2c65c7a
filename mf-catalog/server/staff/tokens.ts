// How the catalogue checks a staff member's ID token: the local Auth service in the embedded default,
// Google's signatures in production. A copy of the checkout's verifiers (see identity.ts).
import { InvalidIdTokenError, staffRoleOf, type IdTokenVerifier } from './identity.ts';

/**
 * Development only: asks the shop's local Auth service (the proxy in front of the Auth emulator)
 * whether it issued a token. Emulator tokens are unsigned, so this question is the only proof.
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
      const body = (await response.json().catch(() => ({}))) as { uid?: unknown; claims?: Record<string, unknown>; message?: unknown };
      if (response.status === 401 || response.status === 400) throw new InvalidIdTokenError(String(body.message ?? 'invalid token'));
      if (!response.ok || typeof body.uid !== 'string') throw new Error(`the local Auth service answered ${response.status}`);
      const claims = body.claims ?? {};
      return { uid: body.uid, email: typeof claims.email === 'string' ? claims.email : null, role: staffRoleOf(claims) };
    },
  };
}

/**
 * Production: Google's signatures, checked with jose (firebaseTokens.ts). jose is ESM-only, which the
 * CommonJS test runtime cannot load, so it is imported on the first token, not at start-up.
 */
export function createFirebaseVerifier(options: { projectId: string; keysUrl?: string }): IdTokenVerifier {
  let loaded: Promise<IdTokenVerifier> | undefined;
  return {
    async verify(idToken) {
      loaded ??= import('./firebaseTokens.ts').then(({ createFirebaseTokenVerifier }) => createFirebaseTokenVerifier(options));
      return (await loaded).verify(idToken);
    },
  };
}

export function createVerifier(firebase: { projectId: string; authVerifyUrl: string | null; tokenKeysUrl: string | null }): IdTokenVerifier {
  if (firebase.authVerifyUrl) return createLocalAuthVerifier(firebase.authVerifyUrl);
  return createFirebaseVerifier({ projectId: firebase.projectId, ...(firebase.tokenKeysUrl ? { keysUrl: firebase.tokenKeysUrl } : {}) });
}
