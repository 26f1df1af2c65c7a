import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { InvalidIdTokenError, type IdTokenVerifier } from './identity.ts';

/**
 * Verifies Firebase ID tokens with firebase-admin (signature, expiry, audience = projectId), or
 * against the Auth emulator when its host is configured. Loaded lazily by app.ts: firebase-admin
 * is heavy and pulls ESM-only modules that a CommonJS test runtime cannot load.
 */
export function createFirebaseVerifier(options: { projectId: string; authEmulatorHost: string | undefined }): IdTokenVerifier {
  if (options.authEmulatorHost) {
    // firebase-admin reads the emulator address only from the environment, at call time.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost;
  }
  const name = `mf-checkout:${options.projectId}`;
  const app = getApps().find((existing) => existing.name === name) ?? initializeApp({ projectId: options.projectId }, name);
  const auth = getAuth(app);

  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken);
        return { uid: decoded.uid, email: decoded.email ?? null, exp: decoded.exp };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // auth/* codes describe the token; anything else (e.g. fetching Google's keys failed) is ours.
        if (typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error') {
          throw new InvalidIdTokenError((error as Error).message);
        }
        throw error;
      }
    },
  };
}
