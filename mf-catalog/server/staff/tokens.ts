// How the catalogue checks a staff member's ID token: the local Auth service in the embedded default,
// Google's signatures in production (firebaseTokens.ts).
import { createLocalAuthVerifier, type IdTokenVerifier } from 'service-kit/firebase-auth';

/**
 * Production: Google's signatures, checked with jose (firebaseTokens.ts). jose is ESM-only, which the
 * CommonJS test runtime cannot load, so it is imported on the first token, not at start-up.
 */
function createFirebaseVerifier(options: { projectId: string; keysUrl?: string }): IdTokenVerifier {
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
