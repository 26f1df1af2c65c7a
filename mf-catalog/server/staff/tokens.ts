// Who may change the catalogue besides the holder of the catalogue-admin token: the shop's staff,
// by their Firebase ID token with a `role` custom claim of 'staff' or 'admin' (decision 0029).
// A small copy of the checkout's verifiers (mf-checkout/server/session/{roles,identity,
// localAuthVerifier,firebaseTokenVerifier}.ts): services do not import each other; issue #35 is to
// make them one package.

export type StaffRole = 'staff' | 'admin';

export interface StaffIdentity {
  uid: string;
  email: string | null;
  /** null for a shopper: a valid token without the claim. */
  role: StaffRole | null;
}

/** The token was checked and is not acceptable (forged, expired, wrong project, ...). */
export class InvalidIdTokenError extends Error {}

export interface IdTokenVerifier {
  /** Throws InvalidIdTokenError for a bad token; any other error means verification was impossible. */
  verify(idToken: string): Promise<StaffIdentity>;
}

/** The role a verified token's claims grant, or null (no claim, or a value nobody grants). */
export function staffRoleOf(claims: Record<string, unknown>): StaffRole | null {
  const role = claims.role;
  return role === 'staff' || role === 'admin' ? role : null;
}

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
