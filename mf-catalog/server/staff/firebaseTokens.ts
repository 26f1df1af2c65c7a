// Firebase ID tokens verified as Firebase documents for third-party JWT libraries. A copy of
// mf-checkout/server/session/firebaseTokenVerifier.ts until service-kit declares jose and holds the one.
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { InvalidIdTokenError, staffRoleOf, type IdTokenVerifier } from 'service-kit/firebase-auth';

const GOOGLE_KEYS = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** RS256 by one of Google's keys, issuer and audience of the project, unexpired, with a uid. */
export function createFirebaseTokenVerifier(options: { projectId: string; keysUrl?: string }): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.keysUrl ?? GOOGLE_KEYS));
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
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) throw new InvalidIdTokenError('the token names no user');
      if (typeof payload.auth_time !== 'number' || payload.auth_time > Date.now() / 1000 + 300) {
        throw new InvalidIdTokenError('the token was authenticated in the future');
      }
      return { uid: payload.sub, email: typeof payload.email === 'string' ? payload.email : null, exp: payload.exp as number, role: staffRoleOf(payload) };
    },
  };
}
