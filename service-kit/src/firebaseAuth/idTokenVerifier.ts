// How a service checks ID tokens: the shop's local Auth service in development, Google's signature in
// production.
import { createLocalAuthVerifier, type IdTokenVerifier } from './idTokens.ts';

/** What decides how tokens are checked: the local Auth service's check URL (development) or the project's keys. */
export interface IdTokenSource {
  projectId: string;
  /** FIREBASE_AUTH_VERIFY_URL: set in development only, where tokens are unsigned. */
  authVerifyUrl?: string | null | undefined;
  /** FIREBASE_TOKEN_KEYS_URL: where Google's keys are fetched (Google's own address by default). */
  tokenKeysUrl?: string | null | undefined;
}

/**
 * The verifier a service uses: the local Auth service's check when one is configured, else Google's
 * signatures (firebaseTokens.ts), imported on the first token (jose is ESM-only, which the CommonJS
 * test runtime cannot load).
 */
export function createIdTokenVerifier(source: IdTokenSource): IdTokenVerifier {
  if (source.authVerifyUrl) return createLocalAuthVerifier(source.authVerifyUrl);
  const options = { projectId: source.projectId, ...(source.tokenKeysUrl ? { keysUrl: source.tokenKeysUrl } : {}) };
  let loaded: Promise<IdTokenVerifier> | undefined;
  return {
    async verify(idToken) {
      loaded ??= import('./firebaseTokens.ts').then(({ createFirebaseTokenVerifier }) => createFirebaseTokenVerifier(options));
      return (await loaded).verify(idToken);
    },
  };
}
