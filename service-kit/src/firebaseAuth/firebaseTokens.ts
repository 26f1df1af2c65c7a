// Production's check of an ID token: Google's signature. Imported only through createIdTokenVerifier
// (idTokenVerifier.ts), on the first token: jose is ESM-only, which the CommonJS test runtime cannot load.
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { InvalidIdTokenError, type IdTokenVerifier } from './idTokens.ts';
import { staffRoleOf } from './roles.ts';

/** Where Google publishes the public keys that sign Firebase ID tokens (a JSON Web Key Set). */
const firebaseTokenKeysUrl = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/**
 * Verifies Firebase ID tokens the way Firebase documents for third-party JWT libraries: an RS256
 * signature by one of Google's published keys (fetched and cached by jose, refreshed for an unknown
 * key id), issuer `https://securetoken.google.com/<project>`, audience = project, unexpired, issued
 * and authenticated in the past, with a uid. Unsigned tokens (what the Auth emulator makes) are refused.
 */
export function createFirebaseTokenVerifier(options: { projectId: string; keysUrl?: string }): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.keysUrl ?? firebaseTokenKeysUrl));
  return {
    async verify(idToken) {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer: `https://securetoken.google.com/${options.projectId}`,
          audience: options.projectId,
          requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
        }));
      } catch (error) {
        // A bad token is the caller's problem (401); failing to fetch the keys is ours (503).
        if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout) && error.code !== 'ERR_JOSE_GENERIC') {
          throw new InvalidIdTokenError(error.message);
        }
        throw error;
      }
      const nowSeconds = Date.now() / 1000;
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) {
        throw new InvalidIdTokenError('the token names no user');
      }
      if (typeof payload.auth_time !== 'number' || payload.auth_time > nowSeconds + 300) {
        throw new InvalidIdTokenError('the token was authenticated in the future');
      }
      return { uid: payload.sub, email: typeof payload.email === 'string' ? payload.email : null, exp: payload.exp as number, role: staffRoleOf(payload) };
    },
  };
}
